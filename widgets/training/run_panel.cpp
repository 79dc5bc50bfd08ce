#include "widgets/training/run_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>

#include "widgets/common/number_box.h"

namespace tessera::widgets {

namespace {

// Ranges are what torch accepts (lr ≥ 0, 0 ≤ momentum < 1 as the fields take it, …) with a generous
// upper end: the field refuses only what cannot run.
NumberBox* realBox(QWidget* parent, double min, double max) {
    auto* box = new NumberBox(parent);
    box->setRange(min, max);
    return box;
}

QSpinBox* intBox(QWidget* parent, int min, int max) {
    auto* box = new QSpinBox(parent);
    box->setRange(min, max);
    return box;
}

double number(const io::Json& options, const char* key, double fallback) {
    const io::Json* v = options.find(key);
    return v && v->isNumber() ? v->asNumber() : fallback;
}

// The int and real field of each schedule: (torch keyword, label) pairs.
struct ScheduleFields {
    const char *intKey, *intLabel, *realKey, *realLabel;
};

ScheduleFields fieldsOf(const QString& type) {
    if (type == "StepLR")
        return {"step_size", QT_TRANSLATE_NOOP("tessera::widgets::RunPanel", "Step size"), "gamma",
                QT_TRANSLATE_NOOP("tessera::widgets::RunPanel", "Gamma")};
    if (type == "CosineAnnealingLR")
        return {"T_max", QT_TRANSLATE_NOOP("tessera::widgets::RunPanel", "T_max"), "eta_min",
                QT_TRANSLATE_NOOP("tessera::widgets::RunPanel", "Minimum LR")};
    if (type == "LinearLR")
        return {"total_iters", QT_TRANSLATE_NOOP("tessera::widgets::RunPanel", "Total iters"), "start_factor",
                QT_TRANSLATE_NOOP("tessera::widgets::RunPanel", "Start factor")};
    if (type == "OneCycleLR")
        return {nullptr, nullptr, "max_lr", QT_TRANSLATE_NOOP("tessera::widgets::RunPanel", "Max LR")};
    return {nullptr, nullptr, nullptr, nullptr};
}

}  // namespace

RunPanel::RunPanel(QWidget* parent)
    : QWidget(parent),
      m_optimizer(new QComboBox(this)),
      m_lr(realBox(this, 0, 1000)),
      m_weightDecay(realBox(this, 0, 1000)),
      m_momentum(realBox(this, 0, 1)),
      m_momentumLabel(new QLabel(tr("Momentum"), this)),
      m_scheduler(new QComboBox(this)),
      m_schedIntLabel(new QLabel(this)),
      m_schedRealLabel(new QLabel(this)),
      m_schedInt(intBox(this, 1, 1000000)),
      m_schedReal(realBox(this, 0, 1000)),
      m_epochs(intBox(this, 1, 100000)),
      m_batchSize(intBox(this, 1, 65536)),
      m_seed(intBox(this, 0, 2147483647)),
      m_threads(intBox(this, 0, 256)),
      m_shuffle(new QCheckBox(tr("Shuffle every epoch"), this)),
      m_early(new QCheckBox(tr("Early stopping"), this)),
      m_monitor(new QComboBox(this)),
      m_patience(intBox(this, 1, 10000)),
      m_clip(realBox(this, 0, 1e9)),
      m_loss(new QComboBox(this)),
      m_valFraction(realBox(this, 0, 0.9)),
      m_testFraction(realBox(this, 0, 0.9)),
      m_initialWeightsLabel(new QLabel(tr("Initial weights"), this)),
      m_initialWeights(new QLabel(this)),
      m_clearInitialWeights(new QPushButton(tr("Clear"), this)),
      m_initialWeightsRow(new QWidget(this)) {
    m_optimizer->addItems({"SGD", "Adam", "AdamW", "RMSprop"});
    m_scheduler->addItem(tr("constant"), QString());
    for (const char* name : {"StepLR", "CosineAnnealingLR", "LinearLR", "OneCycleLR"})
        m_scheduler->addItem(name, QString(name));
    m_monitor->addItems({"val_loss", "val_acc", "val_r2", "train_loss", "train_acc", "train_r2"});
    m_lr->setObjectName(QStringLiteral("learningRate"));
    m_weightDecay->setObjectName(QStringLiteral("weightDecay"));
    m_momentum->setObjectName(QStringLiteral("momentum"));
    m_threads->setSpecialValueText(tr("as set"));
    m_clip->setSpecialValueText(tr("off"));

    m_loss->setToolTip(tr("The type of the graph's loss node"));
    m_valFraction->setToolTip(tr("Share of the data set held out for validation after each epoch"));
    m_testFraction->setToolTip(tr("Share of the data set held out for the final test"));
    auto* form = new QFormLayout(this);
    form->addRow(tr("Loss"), m_loss);
    form->addRow(tr("Validation split"), m_valFraction);
    form->addRow(tr("Test split"), m_testFraction);
    form->addRow(tr("Optimizer"), m_optimizer);
    form->addRow(tr("Learning rate"), m_lr);
    form->addRow(tr("Weight decay"), m_weightDecay);
    form->addRow(m_momentumLabel, m_momentum);
    form->addRow(tr("LR schedule"), m_scheduler);
    form->addRow(m_schedIntLabel, m_schedInt);
    form->addRow(m_schedRealLabel, m_schedReal);
    form->addRow(tr("Epochs"), m_epochs);
    form->addRow(tr("Batch size"), m_batchSize);
    form->addRow(QString(), m_shuffle);
    form->addRow(QString(), m_early);
    form->addRow(tr("Monitor"), m_monitor);
    form->addRow(tr("Patience (epochs)"), m_patience);
    form->addRow(tr("Clip grad norm"), m_clip);
    form->addRow(tr("Seed"), m_seed);
    form->addRow(tr("Threads"), m_threads);
    m_initialWeights->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_initialWeights->setToolTip(tr("The weights file the model starts from (training.initialWeights)"));
    m_clearInitialWeights->setObjectName(QStringLiteral("clearInitialWeights"));
    m_clearInitialWeights->setToolTip(tr("Start from weights drawn from the seed instead (undoable)"));
    auto* weightsLayout = new QHBoxLayout(m_initialWeightsRow);
    weightsLayout->setContentsMargins(0, 0, 0, 0);
    weightsLayout->addWidget(m_initialWeights, 1);
    weightsLayout->addWidget(m_clearInitialWeights);
    form->addRow(m_initialWeightsLabel, m_initialWeightsRow);
    connect(m_clearInitialWeights, &QPushButton::clicked, this, [this] {
        m_base.initialWeights.clear();
        updateVisibility();
        emit changed();
    });

    setTraining(io::Json::object(), "defaults");
    for (QComboBox* box : {m_optimizer, m_scheduler, m_monitor})
        connect(box, &QComboBox::currentIndexChanged, this, [this] {
            updateVisibility();
            emit changed();
        });
    for (NumberBox* box : {m_lr, m_weightDecay, m_momentum, m_schedReal, m_clip})
        connect(box, &NumberBox::valueChanged, this, &RunPanel::changed);
    for (QSpinBox* box : {m_schedInt, m_epochs, m_batchSize, m_seed, m_threads, m_patience})
        connect(box, &QSpinBox::valueChanged, this, &RunPanel::changed);
    for (QCheckBox* box : {m_shuffle, m_early})
        connect(box, &QCheckBox::toggled, this, [this] {
            updateVisibility();
            emit changed();
        });
    for (NumberBox* box : {m_valFraction, m_testFraction})
        connect(box, &NumberBox::valueChanged, this, &RunPanel::splitChanged);
    connect(m_loss, &QComboBox::currentTextChanged, this, [this](const QString& type) {
        if (m_loss->isEnabled()) emit lossChanged(type);
    });
    setSplit(0.1, 0.2);
    setLosses({}, {});
}

void RunPanel::setSplit(double valFraction, double testFraction) {
    QSignalBlocker b1(m_valFraction), b2(m_testFraction);
    m_valFraction->setValue(valFraction);
    m_testFraction->setValue(testFraction);
}

double RunPanel::valFraction() const { return m_valFraction->value(); }

double RunPanel::testFraction() const { return m_testFraction->value(); }

void RunPanel::setLosses(const QStringList& types, const QString& current) {
    QSignalBlocker block(m_loss);
    m_loss->clear();
    if (current.isEmpty()) {
        m_loss->addItem(tr("no loss node in the graph"));
        m_loss->setEnabled(false);
        return;
    }
    m_loss->addItems(types);
    if (!types.contains(current)) m_loss->addItem(current);
    m_loss->setCurrentText(current);
    m_loss->setEnabled(true);
}

QString RunPanel::loss() const { return m_loss->isEnabled() ? m_loss->currentText() : QString(); }

void RunPanel::setTraining(const io::Json& training, std::string_view source) {
    train::TrainingConfig c = train::parseTrainingConfig(training, source);
    m_base = c;
    // Showing settings is not editing them: no changed() while the fields are filled one by one.
    QSignalBlocker self(this);
    QSignalBlocker b1(m_optimizer), b2(m_scheduler), b3(m_early), b4(m_monitor);
    m_optimizer->setCurrentText(QString::fromStdString(c.optimizer.type));
    m_lr->setValue(number(c.optimizer.options, "lr", c.optimizer.type == "SGD" ? 0.01 : 0.001));
    m_weightDecay->setValue(number(c.optimizer.options, "weight_decay", c.optimizer.type == "AdamW" ? 0.01 : 0));
    m_momentum->setValue(number(c.optimizer.options, "momentum", 0));
    const QString sched = c.scheduler ? QString::fromStdString(c.scheduler->type) : QString();
    m_scheduler->setCurrentIndex(std::max(0, m_scheduler->findData(sched)));
    const ScheduleFields f = fieldsOf(sched);
    const io::Json options = c.scheduler ? c.scheduler->options : io::Json::object();
    m_schedInt->setValue(f.intKey ? static_cast<int>(number(options, f.intKey, 10)) : 10);
    m_schedReal->setValue(f.realKey ? number(options, f.realKey, 0.1) : 0.1);
    m_epochs->setValue(static_cast<int>(c.epochs));
    m_batchSize->setValue(static_cast<int>(c.batchSize));
    m_seed->setValue(static_cast<int>(c.seed));
    m_threads->setValue(c.threads);
    m_shuffle->setChecked(c.shuffle);
    m_early->setChecked(c.earlyStopping.has_value());
    m_monitor->setCurrentText(QString::fromStdString(c.earlyStopping ? c.earlyStopping->monitor : "val_loss"));
    m_patience->setValue(static_cast<int>(c.earlyStopping ? c.earlyStopping->patience : 10));
    m_clip->setValue(c.clipGradNorm);
    updateVisibility();
}

void RunPanel::updateVisibility() {
    const QString opt = m_optimizer->currentText();
    const bool momentum = opt == "SGD" || opt == "RMSprop";
    m_momentum->setVisible(momentum);
    m_momentumLabel->setVisible(momentum);
    const ScheduleFields f = fieldsOf(m_scheduler->currentData().toString());
    m_schedInt->setVisible(f.intKey != nullptr);
    m_schedIntLabel->setVisible(f.intKey != nullptr);
    m_schedReal->setVisible(f.realKey != nullptr);
    m_schedRealLabel->setVisible(f.realKey != nullptr);
    if (f.intKey) m_schedIntLabel->setText(tr(f.intLabel));
    if (f.realKey) m_schedRealLabel->setText(tr(f.realLabel));
    m_monitor->setEnabled(m_early->isChecked());
    m_patience->setEnabled(m_early->isChecked());
    const QString weights = initialWeights();
    m_initialWeights->setText(weights);
    m_initialWeightsLabel->setVisible(!weights.isEmpty());
    m_initialWeightsRow->setVisible(!weights.isEmpty());
}

QString RunPanel::initialWeights() const { return QString::fromStdString(m_base.initialWeights); }

train::TrainingConfig RunPanel::config() const {
    train::TrainingConfig c = m_base;
    const std::string opt = m_optimizer->currentText().toStdString();
    if (opt != c.optimizer.type) c.optimizer.options = io::Json::object();  // another optimiser's keywords
    c.optimizer.type = opt;
    c.optimizer.options.set("lr", m_lr->value());
    c.optimizer.options.set("weight_decay", m_weightDecay->value());
    if (opt == "SGD" || opt == "RMSprop") c.optimizer.options.set("momentum", m_momentum->value());
    const QString sched = m_scheduler->currentData().toString();
    if (sched.isEmpty()) {
        c.scheduler.reset();
    } else {
        if (!c.scheduler || c.scheduler->type != sched.toStdString()) {
            c.scheduler = train::SchedulerConfig{};
            c.scheduler->type = sched.toStdString();
            if (sched == "OneCycleLR") c.scheduler->interval = train::SchedulerConfig::Interval::Step;
        }
        const ScheduleFields f = fieldsOf(sched);
        if (f.intKey) c.scheduler->options.set(f.intKey, static_cast<std::int64_t>(m_schedInt->value()));
        if (f.realKey) c.scheduler->options.set(f.realKey, m_schedReal->value());
    }
    c.epochs = m_epochs->value();
    c.batchSize = m_batchSize->value();
    c.seed = static_cast<std::uint64_t>(m_seed->value());
    c.threads = m_threads->value();
    c.shuffle = m_shuffle->isChecked();
    if (m_early->isChecked()) {
        if (!c.earlyStopping) c.earlyStopping = train::EarlyStoppingConfig{};
        c.earlyStopping->monitor = m_monitor->currentText().toStdString();
        c.earlyStopping->patience = m_patience->value();
    } else {
        c.earlyStopping.reset();
    }
    c.clipGradNorm = m_clip->value();
    return c;
}

io::Json RunPanel::training() const { return train::trainingConfigToJson(config()); }

}  // namespace tessera::widgets
