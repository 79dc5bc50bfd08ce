// The one way the CLI and the GUI turn a project's "data" object into a Dataset (docs/data.md lists
// every key): a built-in data set, a seeded generator or a CSV file.
//
//   Dataset d = loadDataset(project.data, "/home/ana/moons.tessera");   // {"dataset": "moons", …}
//   Dataset c = loadDataset(parseJson(R"({"csv": "points.csv", "target": "label"})", "spec"),
//                           "/home/ana/p.tessera");                      // reads /home/ana/points.csv
//   Split s = splitFromSpec(d, project.data);                            // core/data/split.h
//
// Every bad spec throws ValueError (or IoError for files) naming the key and the cause:
// "data.noise: expected a number >= 0, got -1", "data: unknown key 'nosie' for dataset 'moons'".
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/data/dataset.h"
#include "core/io/json.h"

namespace tessera::data {

Dataset loadDataset(const io::Json& dataSpec, const std::filesystem::path& projectFile);

// Names accepted by "dataset": the built-in sets, then the generators.
std::vector<std::string> datasetNames();

}  // namespace tessera::data
