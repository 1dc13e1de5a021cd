/* sink.c - buffered output through a writer callback (util/sink.h). */
#include "util/sink.h"

#include "util/error.h"

void ut_sink_init(ut_sink *s, ut_buf *buf, ut_write_fn write, void *ud,
                  const char *what)
{
	s->buf = buf;
	s->write = write;
	s->ud = ud;
	s->what = what;
	s->failed = 0;
}

int ut_sink_flush(ut_sink *s, int force)
{
	ut_buf *b = s->buf;

	if (b->failed)
		return ut_error_set(UT_ENOMEM, "out of memory");
	if (s->failed)
		return UT_ERROR;
	if (!s->write || b->len == 0 || (!force && b->len < UT_SINK_CHUNK))
		return 0;
	if (s->write(s->ud, b->ptr, b->len)) {
		s->failed = 1;
		return ut_error_set(UT_ERROR, "cannot write %s", s->what);
	}
	ut_buf_clear(b);
	return 0;
}
