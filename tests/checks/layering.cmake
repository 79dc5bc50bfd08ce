# The layering rules (ARCHITECTURE.md) as ctest entries: the project itself, and a self-test that
# plants one violation of each rule in a scratch tree and expects every one of them to be reported.
add_test(NAME layering
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/layering.sh ${PROJECT_SOURCE_DIR} $<TARGET_FILE:tessera_core>)
add_test(NAME layering_self_test
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/layering.sh --self-test $<TARGET_FILE:Qt6::Widgets>)
set_tests_properties(layering layering_self_test PROPERTIES LABELS checks)
