// Core's problem messages in the UI's language. Core builds a message with its values in it ("input 1
// (target) is not connected"); the templates core uses are listed here with %1, %2, … for the values,
// under the "tessera::core" context, so lupdate collects them and a translator sees them whole.
// coreMessage() finds the template a message was built from and fills the translated template with
// the message's values; a message of no known template comes back as it is.
//
//   coreMessage("input 1 (target) is not connected");   // zh_CN: "输入 1（target）未连接"
//   matchesCoreTemplate("…");                            // false: tests use it to find new messages
#pragma once

#include <QString>
#include <string_view>

namespace tessera::widgets {

QString coreMessage(std::string_view message);
bool matchesCoreTemplate(std::string_view message);

}  // namespace tessera::widgets
