// Words that come from core in the UI's language. Core has no Qt, so lupdate cannot see its texts:
// tessera_core_strings lists them (from the registries) in translations/core_strings.cpp under the
// context "tessera::core", and coreText() looks them up there. A text not listed comes back as it is.
//
//   m_help->setText(coreText(type.help));                // zh_CN: the node type's help in Chinese
//   label->setText(tr("%1 split").arg(coreText("test")));  // "测试 划分"
#pragma once

#include <QString>
#include <string_view>

namespace tessera::widgets {

QString coreText(std::string_view text);

}  // namespace tessera::widgets
