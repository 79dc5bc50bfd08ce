// The whole workbench in zh_CN, walked offscreen: every page and nested tab (before and after a run),
// every dock, menu, dialog (the ONNX viewer of a model on every node, an import's task question
// among them) and every step of every lesson. Any visible text — labels, buttons, tabs,
// combo items, tool tips, headers and cells of the views, group titles, menu entries, scene texts —
// that holds an English word outside an allowlist fails the test, naming where it was seen. This finds
// what test_translations cannot: words that never reach tr() (core's, or ones built from keys).
//
// The allowlist is what stays the same in Chinese: layer, op, parameter, optimiser and scheduler
// names (torch's and the registries'), grad_fn names, units, abbreviations and file names; data a
// user brings (data set columns, class names) is not interface text and is not read.
#include <qcustomplot.h>
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTextDocumentFragment>
#include <QtTest>

#include "app/autograd/autograd_dialogs.h"
#include "app/main_window.h"
#include "app/onnx/onnx_actions.h"
#include "app/onnx/onnx_view.h"
#include "app/onnx/training_task_dialog.h"
#include "app/preferences.h"
#include "app/training/training_controller.h"
#include "app/training/training_page.h"
#include "app/translations.h"
#include "core/data/load_dataset.h"
#include "core/graph/node_type_registry.h"
#include "core/io/project.h"
#include "core/onnx/onnx_import.h"
#include "core/onnx/onnx_task.h"
#include "core/optim/optimizer_registry.h"
#include "core/optim/scheduler_registry.h"
#include "widgets/autograd/lesson_player.h"
#include "widgets/data/csv_import_dialog.h"
#include "widgets/onnx/onnx_nodes_model.h"

using tessera::app::MainWindow;

namespace {

// Words that are the same in every language.
QSet<QString> allowlist() {
    QSet<QString> words{
        // names of things, abbreviations and units
        "Tessera", "ONNX", "CSV", "JSON", "SVG", "PNG", "DOT", "PyTorch", "torch", "Graphviz", "Perfetto", "Chrome",
        "safetensors", "ROC", "PR", "AP", "AUC", "MSE", "MAE", "RMSE", "F1", "MACs", "MAC", "FLOPs", "GFLOP", "ms",
        "us", "µs", "ns", "MB", "KB", "GB", "kB", "Hz", "px", "ETA", "ID", "OK", "Qt", "TensorBoard", "Netron", "SHAP",
        "LIME", "SGD", "NaN", "Inf", "grad", "grad_fn", "backward", "zero_grad", "retain_graph", "True", "False",
        "None", "Ctrl", "Shift", "Alt", "Del", "Esc", "F5", "English", "std", "max", "min", "mean", "sum", "float32",
        "int64", "argmax", "logits", "softmax", "sklearn", "scikit", "learn", "cm", "val", "ReLU", "RGB", "x1", "x2",
        "p50", "p95", "p99", "R²", "wd", "lr", "eps", "betas", "momentum", "nesterov", "amsgrad", "maximize",
        "dampening", "alpha", "centered", "weight_decay", "step_size", "gamma", "T_max", "eta_min", "start_factor",
        "end_factor", "total_iters", "max_lr", "pct_start", "anneal_strategy", "loss", "val_loss", "val_accuracy",
        "accuracy", "train_loss", "state_dict", "Adam", "AdamW", "RMSprop", "StepLR", "CosineAnnealingLR", "LinearLR",
        "OneCycleLR", "iris", "moons", "digits", "wine", "blobs", "circles", "MmBackward0", "AccumulateGrad",
        // technical names that stay in Chinese texts: functions, estimators, torch's
        // argument and state-dict names
        "Transformer", "Logistic", "sigmoid", "swish", "Huber", "StandardScaler", "log", "exp", "query", "key", "value",
        "predict", "weight", "bias", "running_mean", "running_var"};
    const auto& registry = tessera::graph::NodeTypeRegistry::instance();
    for (const std::string& name : registry.names()) {
        words << QString::fromStdString(name);
        const auto& type = registry.get(name);
        for (const auto& param : type.params) {
            words << QString::fromStdString(param.name);
            for (const std::string& choice : param.choices) words << QString::fromStdString(choice);
        }
        for (const auto& port : type.inputs) words << QString::fromStdString(port.name);
        for (const auto& port : type.outputs) words << QString::fromStdString(port.name);
    }
    for (const std::string& name : tessera::optim::optimizerNames()) words << QString::fromStdString(name);
    for (const std::string& name : tessera::optim::schedulerNames()) words << QString::fromStdString(name);
    for (const std::string& name : tessera::data::datasetNames()) words << QString::fromStdString(name);
    // The examples' own names: node ids, and the class names of their data sets (setosa, …).
    for (const QString& name : MainWindow::exampleNames()) {
        words << name;
        for (const QString& part : name.split('-')) words << part;
        const std::filesystem::path file = TESSERA_SOURCE_DIR "/resources/examples/" + name.toStdString() + ".tessera";
        const tessera::io::Project project = tessera::io::loadProject(file);
        for (const auto& node : project.nodes) words << QString::fromStdString(node.id);
        for (const std::string& c : tessera::data::loadDataset(project.data, file).classNames)
            words << QString::fromStdString(c);
    }
    return words;
}

// A text browser's words without its code: <code> spans (drawn monospace) are the script's, and a
// subscript joins its letter (b<sub>i</sub> reads b_i, a name).
QString proseOf(QString html) {
    html.remove(QRegularExpression("<span style=\"[^\"]*font-family:'?monospace'?[^\"]*\">.*?</span>"));
    html.replace(QRegularExpression("<span style=\"[^\"]*vertical-align:sub[^\"]*\">(.*?)</span>"), "_\\1");
    return QTextDocumentFragment::fromHtml(html).toPlainText();
}

QString plain(const QString& text) {
    QString t = Qt::mightBeRichText(text) ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
    return t.remove('&');
}

class Walker {
public:
    explicit Walker(QSet<QString> allow) : m_allow(std::move(allow)) {}

    // The English words of `text` outside the allowlist; code (a.grad, x @ w), file names, numbers
    // and single letters are not words.
    QStringList englishWords(const QString& text) const {
        static const QRegularExpression word("[A-Za-z][A-Za-z0-9_²]*(?:[.:/][A-Za-z0-9_]+)*(?:\\(\\))?");
        QStringList out;
        for (auto it = word.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            const QString w = m.captured(0);
            if (w.size() < 2 || w.contains(QRegularExpression("[._:/()0-9]"))) continue;
            const qsizetype before = m.capturedStart(0) - 1, after = m.capturedEnd(0);
            // Glued to code or a number ("3x", "[N, 8]", "a.grad", "Backward0"): part of a formula.
            if (before >= 0 && QString("._[=/(").contains(text[before])) continue;
            if (after < text.size() && QString("_(=[").contains(text[after])) continue;
            // A name with a number ("run-001", "fc-2") is a name.
            if (after + 1 < text.size() && text[after] == '-' && text[after + 1].isDigit()) continue;
            if (m_allow.contains(w) || w.endsWith("Backward0") || w.endsWith("Backward1")) continue;
            out << w;
        }
        return out;
    }
    void check(const QString& where, const QString& raw) {
        const QString text = plain(raw).simplified();
        if (text.isEmpty()) return;
        const QStringList words = englishWords(text);
        if (words.isEmpty()) return;
        const QString entry = where + ": \"" + text.left(120) + "\" (" + words.join(", ") + ")";
        if (!m_seen.contains(entry)) {
            m_seen.insert(entry);
            m_failures << entry;
        }
    }
    // Every visible text of `root` and its visible children.
    void collect(QWidget* root, const QString& where) {
        QList<QWidget*> widgets = root->findChildren<QWidget*>();
        widgets.prepend(root);
        for (QWidget* w : widgets) {
            if (!w->isVisible()) continue;
            const QString at =
                where + "/" + (w->objectName().isEmpty() ? w->metaObject()->className() : w->objectName());
            check(at + " tooltip", w->toolTip());
            if (auto* l = qobject_cast<QLabel*>(w)) check(at, l->text());
            if (auto* b = qobject_cast<QAbstractButton*>(w)) check(at, b->text());
            if (auto* g = qobject_cast<QGroupBox*>(w)) check(at, g->title());
            if (auto* e = qobject_cast<QLineEdit*>(w)) check(at + " placeholder", e->placeholderText());
            if (auto* d = qobject_cast<QDockWidget*>(w)) check(at, d->windowTitle());
            if (auto* t = qobject_cast<QTextBrowser*>(w)) check(at, proseOf(t->toHtml()));
            if (auto* c = qobject_cast<QComboBox*>(w))
                for (int i = 0; i < c->count(); ++i) check(at + " item", c->itemText(i));
            if (auto* t = qobject_cast<QTabBar*>(w))
                for (int i = 0; i < t->count(); ++i) check(at + " tab", t->tabText(i));
            if (w->isWindow() && w != root) check(at + " title", w->windowTitle());
            if (auto* v = qobject_cast<QAbstractItemView*>(w)) collectView(v, at);
            if (auto* plot = qobject_cast<QCustomPlot*>(w)) collectPlot(plot, at);
            if (auto* g = qobject_cast<QGraphicsView*>(w); g && g->scene()) {
                for (QGraphicsItem* item : g->scene()->items()) {
                    if (auto* s = dynamic_cast<QGraphicsSimpleTextItem*>(item)) check(at + " item", s->text());
                    if (auto* t = dynamic_cast<QGraphicsTextItem*>(item)) check(at + " item", t->toPlainText());
                    check(at + " item tooltip", item->toolTip());
                }
            }
        }
    }
    void collectMenu(QMenu* menu, const QString& where) {
        for (QAction* a : menu->actions()) {
            check(where, a->text());
            if (a->menu()) collectMenu(a->menu(), where + "/" + plain(a->text()));
        }
    }
    const QStringList& failures() const { return m_failures; }

private:
    // A plot's words: axis labels, the graphs' names (the legend) and text elements (titles).
    void collectPlot(QCustomPlot* plot, const QString& at) {
        for (QCPAxisRect* rect : plot->axisRects())
            for (QCPAxis* axis : rect->axes()) check(at + " axis", axis->label());
        for (int i = 0; i < plot->graphCount(); ++i)
            if (plot->legend->visible() && plot->legend->hasItemWithPlottable(plot->graph(i)))
                check(at + " legend", plot->graph(i)->name());
        for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
            if (auto* text = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i)))
                check(at + " title", text->text());
    }
    void collectView(QAbstractItemView* v, const QString& at) {
        QAbstractItemModel* model = v->model();
        if (!model) return;
        // The data set's own rows and column names are the user's, not the interface's.
        const QString kind = model->metaObject()->className();
        // The Project dock shows the project file itself: its sections are interface, its keys and
        // values are the file's.
        if (kind.contains("ProjectModel")) {
            for (int r = 0; r < model->rowCount(); ++r) check(at + " section", model->index(r, 0).data().toString());
            return;
        }
        const bool data = kind.contains("DatasetTableModel") || kind.contains("CsvImportModel");
        for (int c = 0; c < model->columnCount() && !data; ++c)
            check(at + " header", model->headerData(c, Qt::Horizontal).toString());
        if (data) return;
        walkRows(model, QModelIndex(), at, 0);
    }
    void walkRows(QAbstractItemModel* model, const QModelIndex& parent, const QString& at, int depth) {
        const int rows = std::min(model->rowCount(parent), 60);
        for (int r = 0; r < rows; ++r) {
            for (int c = 0; c < model->columnCount(parent); ++c) {
                const QModelIndex i = model->index(r, c, parent);
                check(at + " cell", i.data(Qt::DisplayRole).toString());
                check(at + " cell tooltip", i.data(Qt::ToolTipRole).toString());
                if (c == 0 && depth < 4 && model->hasChildren(i)) walkRows(model, i, at, depth + 1);
            }
        }
    }

    QSet<QString> m_allow;
    QSet<QString> m_seen;
    QStringList m_failures;
};

}  // namespace

class TestChineseUi : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(tessera::app::installTranslations(QLocale("zh_CN"), {TESSERA_BINARY_DIR "/translations"}));
    }

    // The walker's own rule: an English word is caught, allowlisted names, code and numbers are not.
    void walkerFindsEnglish() {
        const Walker w(allowlist());
        QCOMPARE(w.englishWords("test 划分"), QStringList{"test"});
        QCOMPARE(w.englishWords("已结束（completed）"), QStringList{"completed"});
        QCOMPARE(w.englishWords("Conv2d 的 in_channels：3 · 12 ms"), QStringList{});
        QCOMPARE(w.englishWords("a.grad = [1, 1, 1]，MulBackward0"), QStringList{});
        QCOMPARE(w.englishWords("Linear layer"), QStringList{"layer"});
    }

    void everyPageDockMenuAndDialog() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        Walker walker(allowlist());
        QTemporaryDir runs;
        w.trainingPage()->setRunsRoot(runs.path());
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        for (QAction* a : w.menuBar()->actions()) {
            walker.check("menu bar", a->text());
            if (a->menu()) walker.collectMenu(a->menu(), "menu " + plain(a->text()));
        }
        const auto walkPages = [&](const QString& state) {
            for (int p = 0; p < w.pages()->count(); ++p) {
                w.pages()->setCurrentIndex(p);
                const QString page = state + " " + plain(w.pages()->tabText(p));
                walker.collect(&w, page);
                for (QTabWidget* tabs : w.pages()->currentWidget()->findChildren<QTabWidget*>()) {
                    if (!tabs->isVisible()) continue;
                    for (int t = 0; t < tabs->count(); ++t) {
                        tabs->setCurrentIndex(t);
                        walker.collect(tabs->currentWidget(), page + "/" + plain(tabs->tabText(t)));
                    }
                }
            }
        };
        walkPages("untitled");
        QVERIFY(w.openExample("iris-mlp"));
        walkPages("iris-mlp");
        QSignalSpy finished(w.trainingPage()->controller(), &tessera::app::TrainingController::finished);
        QVERIFY(w.trainingPage()->run({.epochs = 2}));
        QVERIFY(finished.wait(60000));
        walkPages("iris-mlp trained");
        for (const QString& example : MainWindow::exampleNames()) {
            if (example == "iris-mlp") continue;
            QVERIFY(w.openExample(example));
            walkPages(example);
        }

        // The ONNX viewer of the model just trained, every node's details, and an import's task question.
        // The file's own names (operators, attributes, values) are the model's words, not the interface's.
        const QString onnxFile = runs.filePath("iris.onnx");
        QVERIFY(w.openExample("iris-mlp"));
        QVERIFY(w.trainingPage()->run({.epochs = 1}));
        QVERIFY(finished.wait(60000));
        QVERIFY2(w.onnxActions()->exportTo(onnxFile), qPrintable(w.lastError()));
        tessera::app::OnnxView* onnxView = w.onnxActions()->view(onnxFile);
        QVERIFY(onnxView);
        QSet<QString> modelWords = allowlist();
        modelWords << "IR"
                   << "opset";  // ONNX's own terms, as "ONNX" itself
        const tessera::onnx::InspectedModel& inspected = onnxView->nodes()->model();
        const QRegularExpression wordIn("[A-Za-z][A-Za-z0-9_]*");
        auto allowWords = [&](const std::string& text) {
            for (auto it = wordIn.globalMatch(QString::fromStdString(text)); it.hasNext();)
                modelWords << it.next().captured();
        };
        allowWords(inspected.producer + " " + inspected.graphName + " " + inspected.source);
        for (const auto& n : inspected.nodes) {
            allowWords(n.name + " " + n.opType);
            for (const auto& v : n.inputs) allowWords(v);
            for (const auto& v : n.outputs) allowWords(v);
            for (const auto& a : n.attributes) allowWords(a.name + " " + a.type + " " + a.value);
        }
        for (const auto* list : {&inspected.inputs, &inspected.outputs, &inspected.weights})
            for (const auto& v : *list) allowWords(v.name + " " + v.dtype + " " + v.shapeText());
        Walker onnxWalker(modelWords);
        for (int r = 0; r < onnxView->nodes()->rowCount(); ++r) {
            onnxView->selectNode(r);
            onnxWalker.collect(onnxView, QString("ONNX viewer node %1").arg(r));
        }
        const tessera::onnx::ImportedModel imported = tessera::onnx::importOnnxFile(onnxFile.toStdString());
        tessera::app::TrainingTaskDialog task(tessera::onnx::trainingTaskChoices(imported),
                                              QString::fromStdString(tessera::onnx::outputShapeText(imported.graph)),
                                              &w);
        task.show();
        onnxWalker.collect(&task, "Training task question");

        tessera::app::PreferencesDialog preferences({}, &w);
        preferences.show();
        walker.collect(&preferences, "Preferences");
        tessera::widgets::CsvImportDialog csv(&w);
        csv.show();
        walker.collect(&csv, "CSV import");
        auto* playground = new tessera::app::PlaygroundDialog(&w);
        playground->show();
        walker.collect(playground, "Playground");
        auto* lessons = new tessera::app::LessonsDialog(&w);
        lessons->show();
        tessera::widgets::LessonPlayer* player = lessons->player();
        QVERIFY(player->loadErrors().isEmpty());
        for (int l = 0; l < static_cast<int>(player->lessons().size()); ++l) {
            player->openLesson(l);
            for (int s = 0; s < static_cast<int>(player->lessons()[static_cast<std::size_t>(l)].steps.size()); ++s) {
                player->openStep(s);
                walker.collect(lessons, QString("Lesson %1 step %2").arg(l + 1).arg(s + 1));
            }
        }
        // QTest cuts long messages: each finding on a line of its own first.
        QStringList failures = walker.failures() + onnxWalker.failures();
        for (const QString& f : failures) qWarning("%s", qPrintable(f));
        QVERIFY2(failures.isEmpty(), qPrintable(QString("%1 English text(s) in the zh_CN interface:\n  %2")
                                                    .arg(failures.size())
                                                    .arg(failures.join("\n  "))));
    }
};

QTEST_MAIN(TestChineseUi)
#include "test_chinese_ui.moc"
