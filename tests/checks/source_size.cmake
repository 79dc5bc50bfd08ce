# No source under core/, widgets/ or app/ over 650 lines (docs/architecture.md), and a self-test.
add_test(NAME source_size COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/source_size.sh ${PROJECT_SOURCE_DIR})
add_test(NAME source_size_self_test COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/source_size.sh --self-test)
set_tests_properties(source_size source_size_self_test PROPERTIES LABELS checks)
