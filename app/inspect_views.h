// Connects the inspecting views to a TrainingController: the tensor inspector shows the run's
// tensor samples and sets how often they are taken and whether NaN/Inf detection is on; the
// try-the-model view gets each new run's network and then its newest weights.
//
//   auto* tensors = new widgets::TensorInspector(controller->inspection()->tensors());
//   auto* tryModel = new widgets::TryModelView;
//   connectInspectViews(controller, tensors, tryModel);
#pragma once

namespace tessera::widgets {
class TensorInspector;
class TryModelView;
}  // namespace tessera::widgets

namespace tessera::app {

class TrainingController;

void connectInspectViews(TrainingController* controller, widgets::TensorInspector* tensors,
                         widgets::TryModelView* tryModel);

}  // namespace tessera::app
