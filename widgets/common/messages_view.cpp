#include "widgets/common/messages_view.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QVBoxLayout>

#include "widgets/common/messages_model.h"

namespace tessera::widgets {

MessagesView::MessagesView(MessagesModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_list(new QListView(this)), m_summary(new QLabel(this)) {
    m_list->setModel(model);
    m_list->setUniformItemSizes(true);
    m_list->setWordWrap(false);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);

    auto* clear = new QPushButton(tr("Clear"), this);
    connect(clear, &QPushButton::clicked, model, &MessagesModel::clear);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_summary, 1);
    bar->addWidget(clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_list, 1);

    connect(model, &QAbstractItemModel::rowsInserted, this, [this] {
        updateSummary();
        m_list->scrollToBottom();
    });
    connect(model, &QAbstractItemModel::modelReset, this, &MessagesView::updateSummary);
    updateSummary();
}

void MessagesView::updateSummary() {
    m_summary->setText(tr("%n error(s)", nullptr, m_model->count(Severity::Error)) + QStringLiteral(", ") +
                       tr("%n warning(s)", nullptr, m_model->count(Severity::Warning)));
}

}  // namespace tessera::widgets
