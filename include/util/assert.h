/*
 * util/assert.h - UT_ASSERT(cond): an internal invariant, checked in debug
 * builds (Lua's lua_assert).
 *
 * On unless NDEBUG is defined: Debug builds check it, and so do the
 * sanitizer and fuzz builds (Debug; nothing in CMakeLists.txt defines
 * NDEBUG for them), which is where the tests run under ASan; Release and
 * RelWithDebInfo (-DNDEBUG) compile it to nothing.  A failed check is a bug
 * of the library, never bad input: bad input gets an error code and a
 * message.  It aborts through the C library's assert() (the expression,
 * file and line on stderr).  Off, cond is not evaluated but still
 * compiled, so a variable used only in an assertion is not "unused".
 * Keep cond free of side effects and out of hot inner loops.
 */
#ifndef UT_ASSERT_H
#define UT_ASSERT_H

#include <assert.h>

#ifdef NDEBUG
#define UT_ASSERT(cond) ((void)sizeof(!(cond)))
#else
#define UT_ASSERT(cond) assert(cond)
#endif

#endif
