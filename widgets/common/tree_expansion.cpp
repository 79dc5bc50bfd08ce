#include "widgets/common/tree_expansion.h"

#include <QAbstractItemModel>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QTreeView>
#include <memory>

namespace tessera::widgets {

namespace {

QString pathOf(const QModelIndex& index) {
    QStringList parts;
    for (QModelIndex i = index; i.isValid(); i = i.parent()) parts.prepend(i.siblingAtColumn(0).data().toString());
    return parts.join(QChar(0x1f));
}

void collect(const QTreeView* view, const QModelIndex& parent, QSet<QString>& expanded) {
    const QAbstractItemModel* model = view->model();
    for (int r = 0; r < model->rowCount(parent); ++r) {
        const QModelIndex i = model->index(r, 0, parent);
        if (!view->isExpanded(i)) continue;
        expanded.insert(pathOf(i));
        collect(view, i, expanded);
    }
}

void restore(QTreeView* view, const QModelIndex& parent, const QSet<QString>& expanded) {
    const QAbstractItemModel* model = view->model();
    for (int r = 0; r < model->rowCount(parent); ++r) {
        const QModelIndex i = model->index(r, 0, parent);
        if (!expanded.contains(pathOf(i))) continue;
        view->expand(i);
        restore(view, i, expanded);
    }
}

}  // namespace

void keepExpansion(QTreeView* view) {
    auto expanded = std::make_shared<QSet<QString>>();
    QAbstractItemModel* model = view->model();
    QObject::connect(model, &QAbstractItemModel::modelAboutToBeReset, view, [view, expanded] {
        expanded->clear();
        collect(view, QModelIndex(), *expanded);
    });
    QObject::connect(model, &QAbstractItemModel::modelReset, view, [view, expanded] {
        if (!expanded->isEmpty()) restore(view, QModelIndex(), *expanded);
    });
}

}  // namespace tessera::widgets
