/*
 * SwiftPM links an executable with `--defsym main=<Module>_main` (its entry point is renamed so
 * tests can link executables), while `-parse-as-library`, which libFuzzer needs, emits no entry
 * point at all: the link fails with "undefined symbol StoriesPathFuzz_main". This file supplies
 * that symbol and hands control to libFuzzer's driver, as libFuzzer's own main would.
 */
#include "FuzzEntry.h"

#include <stddef.h>
#include <stdint.h>

/* From libclang_rt.fuzzer, which `-sanitize=fuzzer` links. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
/* From FuzzPath.swift (`@_cdecl`). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int StoriesPathFuzz_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
