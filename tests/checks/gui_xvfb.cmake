# The real GUI on an X server (Xvfb): its own --screenshot, and a grab of the whole screen with
# ImageMagick while the window is up; each picture must have more than 50 distinct colours.
find_program(TESSERA_XVFB_RUN xvfb-run)
find_program(TESSERA_IMPORT import)
find_program(TESSERA_IDENTIFY identify)
if(TESSERA_XVFB_RUN AND TESSERA_IMPORT AND TESSERA_IDENTIFY)
  add_test(NAME check_gui_xvfb
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/gui_xvfb.sh $<TARGET_FILE:tessera> ${CMAKE_CURRENT_BINARY_DIR}/gui-xvfb)
  set_tests_properties(check_gui_xvfb PROPERTIES LABELS "checks;gui" TIMEOUT 120
                       ENVIRONMENT "XDG_RUNTIME_DIR=${TESSERA_TEST_RUNTIME_DIR}")
else()
  message(WARNING "xvfb-run or ImageMagick not found (packages xvfb, xauth, imagemagick): the Xvfb GUI check is not run")
endif()
