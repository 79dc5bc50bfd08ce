# The packages build, the .deb holds the binaries, libraries, plugin, desktop entry, icon, AppStream
# metadata, examples and translations, and the unpacked binaries run (their RPATH finds our libraries).
find_program(TESSERA_DPKG_DEB dpkg-deb)
find_program(TESSERA_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(TESSERA_DPKG_DEB AND TESSERA_DPKG_SHLIBDEPS)
  add_test(NAME check_deb
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/deb_check.sh ${CMAKE_COMMAND} ${PROJECT_BINARY_DIR}
                   ${CMAKE_CURRENT_BINARY_DIR}/deb-check)
  set_tests_properties(check_deb PROPERTIES LABELS "checks;package" TIMEOUT 600 RUN_SERIAL ON
                       ENVIRONMENT "QT_QPA_PLATFORM=offscreen;XDG_RUNTIME_DIR=${TESSERA_TEST_RUNTIME_DIR}")
else()
  message(WARNING "dpkg-deb/dpkg-shlibdeps not found (package dpkg-dev): the .deb check is not run")
endif()
