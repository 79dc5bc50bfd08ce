// The main window's Project tab (beside the Designer): the project's name and description (edited
// through the undo stack), its data set and training settings — with the weights file a model starts
// from (training.initialWeights) and a button that clears it, as one undo step —, and the model's nodes
// and edges as tables.
//
//   auto* page = new ProjectPage(document, projectModel);
//   tabs->addTab(page, tr("Project"));
#pragma once

#include <QWidget>

class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTreeView;

namespace tessera::widgets {
class ProjectModel;
}

namespace tessera::app {

class ProjectDocument;

class ProjectPage : public QWidget {
    Q_OBJECT
public:
    ProjectPage(ProjectDocument* document, widgets::ProjectModel* model, QWidget* parent = nullptr);

    QLineEdit* nameEdit() const { return m_name; }
    QPlainTextEdit* descriptionEdit() const { return m_description; }
    QTreeView* nodesView() const { return m_nodes; }
    QTreeView* edgesView() const { return m_edges; }
    // Shown only while the project names training.initialWeights.
    QLabel* initialWeightsLabel() const { return m_initialWeights; }
    QPushButton* clearInitialWeightsButton() const { return m_clearInitialWeights; }

private:
    void showContent();
    void showField(int field);

    ProjectDocument* m_document;
    widgets::ProjectModel* m_model;
    QLineEdit* m_name;
    QPlainTextEdit* m_description;
    QLabel* m_data;
    QLabel* m_training;
    QLabel* m_initialWeights;
    QPushButton* m_clearInitialWeights;
    QWidget* m_initialWeightsRow;
    QFormLayout* m_form = nullptr;
    QLabel* m_nodesTitle;
    QLabel* m_edgesTitle;
    QTreeView* m_nodes;
    QTreeView* m_edges;
    bool m_updating = false;  // true while the page itself writes into the editors
};

}  // namespace tessera::app
