#include "app/training/inspect_views.h"

#include <QAction>
#include <QCoreApplication>

#include "app/training/run_inspection.h"
#include "app/training/training_controller.h"
#include "widgets/training/tensor_inspector.h"
#include "widgets/training/try_model.h"

namespace tessera::app {

void connectInspectViews(TrainingController* controller, widgets::TensorInspector* tensors,
                         widgets::TryModelView* tryModel, QAction* detectAnomaly) {
    RunInspection* inspection = controller->inspection();
    tensors->setSampleEvery(inspection->sampleEvery());
    tensors->setDetectAnomaly(controller->detectAnomaly());
    QObject::connect(tensors, &widgets::TensorInspector::sampleEveryChanged, inspection,
                     [inspection](int steps) { inspection->setSampleEvery(steps); });
    QObject::connect(tensors, &widgets::TensorInspector::detectAnomalyChanged, controller,
                     &TrainingController::setDetectAnomaly);
    if (detectAnomaly) {
        // The controller holds the setting; the box and the menu item only show it.
        detectAnomaly->setCheckable(true);
        detectAnomaly->setChecked(controller->detectAnomaly());
        QObject::connect(tensors, &widgets::TensorInspector::detectAnomalyChanged, detectAnomaly,
                         [detectAnomaly](bool on) {
                             const QSignalBlocker block(detectAnomaly);
                             detectAnomaly->setChecked(on);
                         });
        QObject::connect(detectAnomaly, &QAction::toggled, controller, [controller, tensors](bool on) {
            controller->setDetectAnomaly(on);
            tensors->setDetectAnomaly(on);
        });
    }

    const auto source = [inspection] {
        return QCoreApplication::translate("tessera::app::InspectViews", "Weights of %1 at step %2")
            .arg(inspection->runName())
            .arg(inspection->weightsStep());
    };
    QObject::connect(inspection, &RunInspection::attached, tryModel, [inspection, tryModel] {
        try {
            tryModel->model()->setModel(inspection->graph(), inspection->weights(), inspection->tryData());
        } catch (const std::exception& e) {
            tryModel->model()->clear();
            tryModel->setSource(QString::fromUtf8(e.what()));
        }
    });
    QObject::connect(inspection, &RunInspection::detached, tryModel, [tryModel] {
        tryModel->model()->clear();
        tryModel->setSource(QString());
    });
    QObject::connect(inspection, &RunInspection::weightsChanged, tryModel, [inspection, tryModel, source] {
        if (!tryModel->model()->hasModel()) return;
        try {
            tryModel->model()->setWeights(inspection->weights());
            tryModel->setSource(source());
        } catch (const std::exception& e) {
            tryModel->setSource(QString::fromUtf8(e.what()));
        }
    });
}

}  // namespace tessera::app
