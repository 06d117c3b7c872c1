// GitHub's Markdown parser and the extensions GitHub enables, from Debian's libcmark-gfm-dev and
// libcmark-gfm-extensions-dev (0.29.0.gfm.6).
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
