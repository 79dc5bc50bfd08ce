#include "app/project/project_page.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

#include "app/project/project_document.h"
#include "app/training/run_settings.h"
#include "widgets/common/project_model.h"

namespace tessera::app {

namespace {

QTreeView* makeTable(widgets::ProjectModel* model, QWidget* parent) {
    auto* view = new QTreeView(parent);
    view->setModel(model);
    view->setRootIsDecorated(false);
    view->setItemsExpandable(false);
    view->setUniformRowHeights(true);
    view->setAlternatingRowColors(true);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->header()->setStretchLastSection(true);
    return view;
}

QLabel* sectionTitle(QWidget* parent) {
    auto* label = new QLabel(parent);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

}  // namespace

ProjectPage::ProjectPage(ProjectDocument* document, widgets::ProjectModel* model, QWidget* parent)
    : QWidget(parent),
      m_document(document),
      m_model(model),
      m_name(new QLineEdit(this)),
      m_description(new QPlainTextEdit(this)),
      m_data(new QLabel(this)),
      m_training(new QLabel(this)),
      m_initialWeights(new QLabel(this)),
      m_clearInitialWeights(new QPushButton(tr("Clear"), this)),
      m_initialWeightsRow(new QWidget(this)),
      m_nodesTitle(sectionTitle(this)),
      m_edgesTitle(sectionTitle(this)),
      m_nodes(makeTable(model, this)),
      m_edges(makeTable(model, this)) {
    QFont big = m_name->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    m_name->setFont(big);
    m_name->setPlaceholderText(tr("Project name"));
    m_description->setPlaceholderText(tr("What this project is about"));
    m_description->setMaximumHeight(m_description->fontMetrics().lineSpacing() * 4 + 12);
    m_description->setTabChangesFocus(true);
    for (QLabel* label : {m_data, m_training, m_initialWeights}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }

    auto* form = new QFormLayout;
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Description:"), m_description);
    form->addRow(tr("Data set:"), m_data);
    form->addRow(tr("Training:"), m_training);
    m_clearInitialWeights->setObjectName(QStringLiteral("clearInitialWeights"));
    m_clearInitialWeights->setToolTip(tr("Start the next run from weights drawn from the seed instead (undoable)"));
    auto* weightsLayout = new QHBoxLayout(m_initialWeightsRow);
    weightsLayout->setContentsMargins(0, 0, 0, 0);
    weightsLayout->addWidget(m_initialWeights, 1);
    weightsLayout->addWidget(m_clearInitialWeights);
    form->addRow(tr("Initial weights:"), m_initialWeightsRow);
    m_form = form;

    auto* nodesBox = new QWidget(this);
    auto* nodesLayout = new QVBoxLayout(nodesBox);
    nodesLayout->setContentsMargins(0, 0, 0, 0);
    nodesLayout->addWidget(m_nodesTitle);
    nodesLayout->addWidget(m_nodes);
    auto* edgesBox = new QWidget(this);
    auto* edgesLayout = new QVBoxLayout(edgesBox);
    edgesLayout->setContentsMargins(0, 0, 0, 0);
    edgesLayout->addWidget(m_edgesTitle);
    edgesLayout->addWidget(m_edges);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(nodesBox);
    splitter->addWidget(edgesBox);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    m_edges->setColumnHidden(2, true);  // edges have no details beyond their ports

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(splitter, 1);

    connect(m_name, &QLineEdit::textEdited, document, &ProjectDocument::setName);
    connect(m_description, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_updating) m_document->setDescription(m_description->toPlainText());
    });
    connect(document, &ProjectDocument::fieldChanged, this,
            [this](ProjectDocument::Field field) { showField(static_cast<int>(field)); });
    connect(document, &ProjectDocument::contentReplaced, this, &ProjectPage::showContent);
    connect(document, &ProjectDocument::sectionChanged, this, &ProjectPage::showContent);
    connect(m_clearInitialWeights, &QPushButton::clicked, this, [this] {
        m_document->setSection(ProjectDocument::Section::Training,
                               withoutInitialWeights(m_document->project().training), clearInitialWeightsText(),
                               QString::fromLatin1(kInitialWeightsKey));
    });
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        m_nodes->setRootIndex(m_model->sectionIndex(widgets::ProjectModel::Section::Nodes));
        m_edges->setRootIndex(m_model->sectionIndex(widgets::ProjectModel::Section::Edges));
        for (QTreeView* view : {m_nodes, m_edges}) {
            view->resizeColumnToContents(0);
            view->resizeColumnToContents(1);
        }
    });
    showContent();
}

void ProjectPage::showField(int field) {
    m_updating = true;
    if (field == static_cast<int>(ProjectDocument::Field::Name)) {
        const QString name = m_document->field(ProjectDocument::Field::Name);
        if (m_name->text() != name) m_name->setText(name);
    } else {
        const QString description = m_document->field(ProjectDocument::Field::Description);
        if (m_description->toPlainText() != description) m_description->setPlainText(description);
    }
    m_updating = false;
}

void ProjectPage::showContent() {
    showField(static_cast<int>(ProjectDocument::Field::Name));
    showField(static_cast<int>(ProjectDocument::Field::Description));
    const io::Project& project = m_document->project();
    const QString dataset = QString::fromStdString(project.datasetName());
    QString options;
    for (const auto& [key, value] : project.data.asObject()) {
        if (key == "dataset" || key == "csv") continue;
        io::Json one = io::Json::object();
        one.set(key, value);
        options += (options.isEmpty() ? QString() : QStringLiteral(", ")) + widgets::ProjectModel::summarize(one);
    }
    QString data = dataset.isEmpty() ? tr("none") : dataset;
    if (const QString file = m_document->dataFile(); !file.isEmpty()) data += QStringLiteral(" (%1)").arg(file);
    if (!options.isEmpty()) data += QStringLiteral(" — ") + options;
    m_data->setText(data);
    const QString training = widgets::ProjectModel::summarize(project.training);
    m_training->setText(training.isEmpty() ? tr("not set") : training);
    const io::Json* weights = project.training.isObject() ? project.training.find(kInitialWeightsKey) : nullptr;
    const bool hasWeights = weights && weights->isString();
    m_initialWeights->setText(hasWeights ? QString::fromStdString(weights->asString()) : QString());
    m_form->setRowVisible(m_initialWeightsRow, hasWeights);
    m_nodesTitle->setText(tr("Model nodes (%1)").arg(project.nodes.size()));
    m_edgesTitle->setText(tr("Model edges (%1)").arg(project.edges.size()));
}

}  // namespace tessera::app
