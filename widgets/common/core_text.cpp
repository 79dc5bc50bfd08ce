#include "widgets/common/core_text.h"

#include <QCoreApplication>
#include <string>

namespace tessera::widgets {

QString coreText(std::string_view text) {
    const std::string source(text);
    return QCoreApplication::translate("tessera::core", source.c_str());
}

}  // namespace tessera::widgets
