/*
 * util/sink.h - buffered output through a writer callback: the one way
 * library code hands text to a front end without doing I/O itself (Lua's
 * lua_Writer).
 *
 *     ut_buf out = UT_BUF_INIT;
 *     ut_sink sink;
 *     ut_sink_init(&sink, &out, write, ud, "the log");
 *     ut_buf_printf(&out, …);            // build output in the buffer
 *     if (ut_sink_flush(&sink, 0) < 0)   // hands it over once large
 *             …;
 *     rc = ut_sink_flush(&sink, 1);      // at the end: hand over the rest
 *     ut_buf_free(&out);
 *
 * The buffer stays the caller's (the sink only borrows it), so code that
 * builds output keeps writing to a plain ut_buf.  With a NULL writer nothing
 * is handed over: the buffer keeps everything (an in-memory result).
 */
#ifndef UT_SINK_H
#define UT_SINK_H

#include <stddef.h>

#include "buf.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Receives output; returns 0 to go on, non-zero to stop (an I/O error). */
typedef int (*ut_write_fn)(void *ud, const char *data, size_t len);

/** Pending output below this many bytes waits for a later flush. */
#define UT_SINK_CHUNK 65536

typedef struct ut_sink {
	ut_buf *buf;       /**< the pending output (borrowed) */
	ut_write_fn write; /**< NULL: keep everything in buf */
	void *ud;          /**< the writer's first argument */
	const char *what;  /**< names the output in the error: "the log" */
	int failed;        /**< sticky: the writer failed once */
} ut_sink;

/**
 * Make a sink handing *buf to write(ud, …).  buf and the string `what`
 * are borrowed and must outlive the sink.
 */
void ut_sink_init(ut_sink *s, ut_buf *buf, ut_write_fn write, void *ud,
                  const char *what);

/**
 * Hand the pending output to the writer when it holds UT_SINK_CHUNK bytes
 * or more, or (force) when it holds any, then empty the buffer.
 * @return 0; UT_ENOMEM ("out of memory") when the buffer failed to grow
 *         since it was last cleared; UT_ERROR ("cannot write <what>") when
 *         the writer fails, and UT_ERROR again at every later flush without
 *         calling the writer (the failure is sticky; the error text is set
 *         only the first time).
 */
int ut_sink_flush(ut_sink *s, int force);

#ifdef __cplusplus
}
#endif

#endif
