// Keeps a tree view's expanded rows expanded when its model is reset (the Project dock rebuilds its
// model on every edit): rows are remembered by the path of their first-column texts, so a row that
// still exists after the reset opens again, and new rows take the view's default.
//
//   keepExpansion(projectTree);      // once; the view owns what it installs
#pragma once

class QTreeView;

namespace tessera::widgets {

void keepExpansion(QTreeView* view);

}  // namespace tessera::widgets
