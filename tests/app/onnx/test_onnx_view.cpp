// File → Open ONNX… → View (app/onnx/onnx_view.h over widgets/onnx/onnx_nodes_model.h), offscreen, on
// models torch 1.13 exports: every node listed with its attributes and weights (tensor panels, the
// numbers on demand), operators Tessera cannot import marked with the reason and the import button
// disabled, nothing imported until the button is pressed — which then creates the project with the
// Target and loss confirmed in the task question; and an imported torch classifier runs in the
// workbench without adding a Target or loss by hand.
#include <QButtonGroup>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "app/main_window.h"
#include "app/onnx/onnx_actions.h"
#include "app/onnx/onnx_view.h"
#include "app/onnx/training_task_dialog.h"
#include "app/project/project_document.h"
#include "app/training/training_page.h"
#include "core/io/json.h"
#include "tests/core/onnx/onnx_harness.h"
#include "widgets/autograd/tensor_panel.h"
#include "widgets/common/messages_model.h"
#include "widgets/onnx/onnx_nodes_model.h"

using namespace tessera;
using app::MainWindow;
using app::OnnxActions;

class TestOnnxView : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::map<QString, QStringList> m_ops;  // model → torch's operators, as torch_models.py prints them

    // Open ONNX… answered: `model`, then `choice`; the task question takes the first choice and
    // records the choices; the project question answers `project`. Records the questions asked.
    void answer(MainWindow& w, const QString& model, OnnxActions::OpenChoice choice, const QString& project,
                QStringList& asked) {
        w.onnxActions()->setFileQuestions(
            [&asked, model](const QString&) {
                asked << "model";
                return model;
            },
            [&asked, project](const QString&) {
                asked << "project";
                return project;
            });
        w.onnxActions()->setOpenQuestion([&asked, choice](const QString&) {
            asked << "view or import";
            return choice;
        });
        w.onnxActions()->setTaskQuestion(
            [&asked](const std::vector<onnx::TrainingTask>& choices, const QString& shape) {
                asked << "task " + shape;
                return std::optional<onnx::TrainingTask>(choices.front());
            });
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QString log;
        QVERIFY2(onnx_harness::runProgram(
                     TESSERA_PYTHON3,
                     {QStringLiteral(TESSERA_SOURCE_DIR "/tests/core/onnx/torch_models.py"), m_dir.path()}, log) == 0,
                 qPrintable(log));
        for (const QString& line : log.split('\n', Qt::SkipEmptyParts)) {
            QStringList words = line.split(' ', Qt::SkipEmptyParts);
            if (words.size() > 1) m_ops[words.takeFirst()] = words;
        }
        QVERIFY(m_ops.count("cnn"));
    }

    void viewListsEveryNodeWithAttributesAndWeights() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        QVERIFY(w.openExample("iris-mlp"));
        QStringList asked;
        answer(w, m_dir.filePath("cnn.onnx"), OnnxActions::OpenChoice::View, m_dir.filePath("never.tessera"), asked);
        w.onnxActions()->openDialog();
        QCOMPARE(asked, (QStringList{"model", "view or import"}));
        app::OnnxView* view = w.onnxActions()->currentView();
        QVERIFY(view);
        QVERIFY(view->isVisible());
        // Viewing imports nothing: the window keeps its project.
        QCOMPARE(QString::fromStdString(w.document()->project().name), QStringLiteral("iris-mlp"));
        QVERIFY(!QFile::exists(m_dir.filePath("never.tessera")));

        const widgets::OnnxNodesModel* nodes = view->nodes();
        QStringList ops;
        for (int r = 0; r < nodes->rowCount(); ++r)
            ops << nodes->data(nodes->index(r, widgets::OnnxNodesModel::OperatorColumn)).toString();
        QCOMPARE(ops, m_ops.at("cnn"));
        QCOMPARE(view->table()->model(), nodes);
        QVERIFY(view->importButton()->isEnabled());
        QVERIFY2(nodes->summary().contains("IR ") && nodes->summary().contains("opset 17"),
                 qPrintable(nodes->summary()));

        // The Conv node: its attributes, its input's shape and its weight as a tensor panel.
        QCOMPARE(view->selectedNode(), 0);
        const QString conv = view->details()->toPlainText();
        for (const char* text : {"Conv", "kernel_shape", "[3, 3]", "pads", "[N, 1, 8, 8]", "the model's input",
                                 "(4, 1, 3, 3)", "36 values", "mean"}) {
            QVERIFY2(conv.contains(QString::fromUtf8(text)), text);
        }
        // The numbers on demand: 36 values are not shown until asked.
        const onnx::InspectedTensor* weight = nodes->weightsOf(0).at(0);
        const QString key = QStringLiteral("w:") + QString::fromStdString(weight->name);
        const int before = view->details()->toPlainText().size();
        view->toggleValues(key);
        QVERIFY(view->details()->toPlainText().size() > before + 36);
        view->toggleValues(key);
        QCOMPARE(view->details()->toPlainText().size(), before);

        // Every node has its details; the Linear's weight is there too.
        for (int r = 0; r < nodes->rowCount(); ++r) {
            view->selectNode(r);
            const QString html = view->details()->toPlainText();
            QVERIFY2(html.contains(nodes->data(nodes->index(r, 1)).toString()), qPrintable(html));
            for (const auto* w : nodes->weightsOf(r))
                QVERIFY2(html.contains(QString::fromStdString(w->name)), w->name.c_str());
        }
    }

    void unsupportedOperatorsAreMarkedAndNothingImports() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        app::OnnxView* view = w.onnxActions()->view(m_dir.filePath("unsupported.onnx"));
        QVERIFY(view);
        const widgets::OnnxNodesModel* nodes = view->nodes();
        QCOMPARE(nodes->rowCount(), static_cast<int>(m_ops.at("unsupported").size()));
        int marked = 0;
        for (int r = 0; r < nodes->rowCount(); ++r) {
            const QModelIndex i = nodes->index(r, widgets::OnnxNodesModel::ImportColumn);
            const QString op = nodes->data(i, widgets::OnnxNodesModel::OperatorRole).toString();
            if (op != "HardSwish" && op != "Abs") continue;
            ++marked;
            QVERIFY(!nodes->data(i, widgets::OnnxNodesModel::SupportedRole).toBool());
            QCOMPARE(nodes->data(i).toString(), QStringLiteral("not supported"));
            QVERIFY2(nodes->data(i, Qt::ToolTipRole).toString().contains("no layer for the ONNX operator " + op),
                     qPrintable(nodes->data(i, Qt::ToolTipRole).toString()));
            view->selectNode(r);
            QVERIFY(view->details()->toPlainText().contains("Not supported for training"));
        }
        QCOMPARE(marked, 2);
        QVERIFY(!view->importButton()->isEnabled());
        QVERIFY2(view->importButton()->toolTip().contains("HardSwish, Abs"),
                 qPrintable(view->importButton()->toolTip()));

        // A file that is not ONNX at all is refused with its reason, and no window opens.
        QFile text(m_dir.filePath("text.onnx"));
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write("not a model");
        text.close();
        QSignalSpy errors(&w, &MainWindow::errorReported);
        QVERIFY(!w.onnxActions()->view(text.fileName()));
        QCOMPARE(errors.count(), 1);
        QVERIFY2(w.lastError().contains("not a valid ONNX model"), qPrintable(w.lastError()));
    }

    void theImportButtonCreatesTheProject() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        const QString project = m_dir.filePath("viewed-mlp.tessera");
        QStringList asked;
        answer(w, QString(), OnnxActions::OpenChoice::Cancel, project, asked);
        app::OnnxView* view = w.onnxActions()->view(m_dir.filePath("mlp.onnx"));
        QVERIFY(view);
        QVERIFY(!QFile::exists(project));
        view->importButton()->click();
        QCOMPARE(asked, (QStringList{"task [N, 3]", "project"}));
        QVERIFY(QFile::exists(project));
        QCOMPARE(w.document()->filePath(), project);
        QStringList types;
        for (const auto& n : w.document()->project().nodes) types << QString::fromStdString(n.type);
        QVERIFY2(types.contains("Target") && types.contains("CrossEntropyLoss"), qPrintable(types.join(' ')));
    }

    void theTaskDialogOffersTheOutputsChoices() {
        const onnx::ImportedModel mlp = onnx::importOnnxFile((m_dir.filePath("mlp.onnx")).toStdString());
        app::TrainingTaskDialog dialog(onnx::trainingTaskChoices(mlp), "[N, 3]");
        const auto buttons = dialog.buttons()->buttons();
        QCOMPARE(buttons.size(), static_cast<qsizetype>(dialog.choices().size()));
        QVERIFY(dialog.buttons()->button(0)->isChecked());
        QVERIFY2(dialog.buttons()->button(0)->text().startsWith("3 classes: CrossEntropyLoss"),
                 qPrintable(dialog.buttons()->button(0)->text()));
        QCOMPARE(dialog.task().loss, std::string("CrossEntropyLoss"));
        dialog.buttons()->button(1)->click();
        QCOMPARE(dialog.task().kind, onnx::TrainingTask::Kind::Regression);
        QCOMPARE(dialog.buttons()->button(static_cast<int>(buttons.size()) - 1)->text(),
                 QStringLiteral("no loss (predict only)"));
    }

    // Issue 19: an imported classifier gets its Target and loss, so Run trains it (on a CSV of six
    // features and three classes) without a missing-target error.
    void anImportedClassifierRuns() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        w.trainingPage()->setRunsRoot(m_dir.filePath("imported-runs"));
        const QString project = m_dir.filePath("classifier.tessera");
        QVERIFY2(w.onnxActions()->importTo(m_dir.filePath("mlp.onnx"), project), qPrintable(w.lastError()));
        QVERIFY2(w.messages()->at(w.messages()->rowCount() - 1).text.contains("3 classes: CrossEntropyLoss"),
                 qPrintable(w.messages()->at(w.messages()->rowCount() - 1).text));
        {
            QFile csv(m_dir.filePath("classifier.csv"));
            QVERIFY(csv.open(QIODevice::WriteOnly));
            QByteArray text = "a,b,c,d,e,f,label\n";
            for (int i = 0; i < 90; ++i) {
                for (int j = 0; j < 6; ++j) text += QByteArray::number(((i * 7 + j * 13) % 17) / 8.0 - 1) + ",";
                text += QByteArray::number(i % 3) + "\n";
            }
            csv.write(text);
        }
        w.document()->setSection(
            app::ProjectDocument::Section::Data,
            io::parseJson(R"({"csv": "classifier.csv", "target": "label", "testFraction": 0.2, "seed": 0})", "data"),
            "data");
        QSignalSpy finished(w.trainingPage()->controller(), &app::TrainingController::finished);
        QVERIFY2(w.trainingPage()->run({.epochs = 2}), qPrintable(w.trainingPage()->controller()->lastError()));
        QVERIFY(finished.wait(120000));
        QCOMPARE(w.trainingPage()->controller()->state(), app::TrainingController::State::Finished);
    }
};

QTEST_MAIN(TestOnnxView)
#include "test_onnx_view.moc"
