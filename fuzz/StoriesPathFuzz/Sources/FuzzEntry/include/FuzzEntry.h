/* The fuzzer's process entry point; see entry.c. Nothing to import from Swift. */
#ifndef FUZZ_ENTRY_H
#define FUZZ_ENTRY_H

int StoriesPathFuzz_main(int argc, char **argv);

#endif
