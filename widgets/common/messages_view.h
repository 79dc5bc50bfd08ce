// The Messages dock's content: a list over a MessagesModel with a count of errors and warnings and a
// Clear button. It never opens a dialog; messages simply accumulate here.
//
//   auto* view = new MessagesView(&messagesModel);
//   dock->setWidget(view);
#pragma once

#include <QWidget>

class QLabel;
class QListView;

namespace tessera::widgets {

class MessagesModel;

class MessagesView : public QWidget {
    Q_OBJECT
public:
    explicit MessagesView(MessagesModel* model, QWidget* parent = nullptr);

    QListView* list() const { return m_list; }

private:
    void updateSummary();

    MessagesModel* m_model;
    QListView* m_list;
    QLabel* m_summary;
};

}  // namespace tessera::widgets
