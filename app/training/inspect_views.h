// Connects the inspecting views to a TrainingController: the tensor inspector shows the run's
// tensor samples and sets how often they are taken and whether NaN/Inf detection is on; the
// try-the-model view gets each new run's network and then its newest weights. A checkable
// `detectAnomaly` action (Run → Detect NaN/Inf) sets the same controller setting as the inspector's
// box; each follows the other.
//
//   auto* tensors = new widgets::TensorInspector(controller->inspection()->tensors());
//   auto* tryModel = new widgets::TryModelView;
//   connectInspectViews(controller, tensors, tryModel, runMenu->addAction(tr("Detect NaN/Inf")));
#pragma once

class QAction;

namespace tessera::widgets {
class TensorInspector;
class TryModelView;
}  // namespace tessera::widgets

namespace tessera::app {

class TrainingController;

void connectInspectViews(TrainingController* controller, widgets::TensorInspector* tensors,
                         widgets::TryModelView* tryModel, QAction* detectAnomaly = nullptr);

}  // namespace tessera::app
