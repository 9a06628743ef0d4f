/* A test shim, loaded with LD_PRELOAD into numplace: renameat() as usual,
 * then SIGKILL once the NUMPLACE_TEST_KILL_AFTER_RENAMES-th rename has been
 * made. It kills a run between renaming its output files, as a power cut or
 * the OOM killer would, without any hook in numplace itself. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdlib.h>

int renameat(int from_dir, const char* from, int to_dir, const char* to) {
    static int (*real)(int, const char*, int, const char*);
    static int made;
    if (real == NULL) real = (int (*)(int, const char*, int, const char*))dlsym(RTLD_NEXT, "renameat");
    const int result = real(from_dir, from, to_dir, to);
    const char* after = getenv("NUMPLACE_TEST_KILL_AFTER_RENAMES");
    if (result == 0 && after != NULL && ++made == atoi(after)) raise(SIGKILL);
    return result;
}
