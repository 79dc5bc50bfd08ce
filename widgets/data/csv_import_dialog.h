// The CSV import window over a CsvImportModel: the file's rows as a preview (cells with a problem in
// red, their message as tooltip), one line per column with its role (feature / target / ignore) and
// type (numbers / categories) as combo boxes and its missing and distinct counts, "Fill in missing
// values", and the problems listed by line and column (a click shows the cell). Import is enabled
// once there are none.
//
//   auto* dialog = new CsvImportDialog(parent);
//   if (!dialog->model()->load(file)) …;
//   dialog->roleBox(0)->setCurrentIndex(2);      // ignore column 0
//   connect(dialog, &QDialog::accepted, … dialog->model()->dataSpec("data/flowers.csv") …);
//   dialog->show();
#pragma once

#include <QDialog>
#include <vector>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QListWidget;
class QPushButton;
class QTableView;

namespace tessera::widgets {

class CsvImportModel;

class CsvImportDialog : public QDialog {
    Q_OBJECT
public:
    explicit CsvImportDialog(QWidget* parent = nullptr);

    CsvImportModel* model() const { return m_model; }
    QComboBox* roleBox(int column) const { return m_roles.at(static_cast<std::size_t>(column)); }
    QComboBox* typeBox(int column) const { return m_types.at(static_cast<std::size_t>(column)); }
    QCheckBox* imputeBox() const { return m_impute; }
    QCheckBox* skipBox() const { return m_skip; }
    QListWidget* problemList() const { return m_problems; }
    QPushButton* importButton() const { return m_import; }
    QTableView* preview() const { return m_preview; }

private:
    void rebuildColumns();  // a new file: one line per column
    void refresh();         // new roles, types or problems

    CsvImportModel* m_model;
    QLabel* m_file;
    QTableView* m_preview;
    QWidget* m_columnsBox;
    QGridLayout* m_columnsGrid;
    std::vector<QComboBox*> m_roles, m_types;
    std::vector<QLabel*> m_stats;
    QCheckBox* m_impute;
    QCheckBox* m_skip;
    QLabel* m_summary;
    QListWidget* m_problems;
    QPushButton* m_import;
};

}  // namespace tessera::widgets
