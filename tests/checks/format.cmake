# clang-format --dry-run --Werror over every project source, and a self-test that it catches one.
find_program(TESSERA_CLANG_FORMAT clang-format REQUIRED)
add_test(NAME format COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/format.sh ${PROJECT_SOURCE_DIR})
add_test(NAME format_self_test COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/format.sh --self-test ${PROJECT_SOURCE_DIR})
set_tests_properties(format format_self_test PROPERTIES LABELS checks)
set_tests_properties(format format_self_test PROPERTIES ENVIRONMENT CLANG_FORMAT=${TESSERA_CLANG_FORMAT})
