/*
 * host.c - the request headers the HTTP servers check alike (util/http.h):
 * a Host that names this server (DNS rebinding: a page elsewhere whose
 * name resolves to this address must not reach the API), a name a server
 * may be called by, and a Content-Type.  Plain string work, ASCII case
 * folded by hand (strings.h is POSIX, this layer is C11).
 */
#include <stddef.h>
#include <string.h>

#include "util/http.h"

static int is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* strncasecmp for ASCII: 0 when the first n bytes are equal but for case. */
static int ncase_cmp(const char *a, const char *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		int d = lower((unsigned char)a[i]) - lower((unsigned char)b[i]);
		if (d != 0 || a[i] == '\0')
			return d;
	}
	return 0;
}

/*
 * The name of a Host value NAME[:PORT] (NAME a DNS name, an IPv4 address
 * or a bracketed IPv6 one), without one trailing dot, in out.  Returns
 * its length, or -1 when the value is not of that form.
 */
static int host_name(const char *host, char *out, size_t size)
{
	const char *end, *port;
	size_t n, i;

	if (host[0] == '[') {
		end = strchr(host, ']');
		if (!end)
			return -1;
		for (i = 1; host + i < end; i++)
			if (!strchr("0123456789abcdefABCDEF:.", host[i]))
				return -1;
		end++;
	} else {
		for (end = host; is_alnum(*end) || *end == '-' || *end == '.' ||
		                 *end == '_'; end++)
			;
	}
	port = end;
	if (*port == ':') { /* a port: 1 to 5 digits, at most 65535 */
		unsigned long v = 0;
		for (i = 1; port[i] >= '0' && port[i] <= '9' && i <= 5; i++)
			v = v * 10 + (unsigned long)(port[i] - '0');
		if (i == 1 || port[i] != '\0' || v > 65535)
			return -1;
	} else if (*port != '\0') {
		return -1;
	}
	n = (size_t)(end - host);
	if (n > 1 && host[n - 1] == '.' && host[0] != '[')
		n--;
	if (n == 0 || n >= size)
		return -1;
	memcpy(out, host, n);
	out[n] = '\0';
	return (int)n;
}

/* Names equal, ignoring case and one trailing dot of `want`. */
static int same_name(const char *name, const char *want)
{
	size_t n = strlen(want);

	if (n > 1 && want[n - 1] == '.')
		n--;
	return strlen(name) == n && ncase_cmp(name, want, n) == 0;
}

int ut_http_host_check(const char *const *hosts, size_t nhosts,
                       const char *local, const char *host)
{
	char name[256];
	size_t i;

	if (host_name(host, name, sizeof(name)) < 0)
		return 400;
	if (local[0] && same_name(name, local))
		return 0;
	if (strncmp(local, "127.", 4) == 0 && same_name(name, "localhost"))
		return 0;
	for (i = 0; i < nhosts; i++)
		if (same_name(name, hosts[i]))
			return 0;
	return 421;
}

const char *ut_http_target(const char *target, char *auth, size_t size)
{
	const char *a, *end;
	size_t n;

	if (size)
		auth[0] = '\0';
	if (ncase_cmp(target, "http://", 7) == 0)
		a = target + 7;
	else if (ncase_cmp(target, "https://", 8) == 0)
		a = target + 8;
	else
		return target;
	for (end = a; *end && *end != '/' && *end != '?' && *end != '#'; end++)
		;
	n = (size_t)(end - a);
	if (size) {
		if (n >= size)
			n = size - 1;
		memcpy(auth, a, n);
		auth[n] = '\0';
	}
	return end;
}

int ut_http_public_host_ok(const char *name)
{
	char buf[256];

	return strchr(name, ':') == NULL && name[0] != '[' &&
	       host_name(name, buf, sizeof(buf)) > 0;
}

int ut_http_media_type(const char *type, const char *want)
{
	size_t n = strlen(want);

	if (!type)
		return 0;
	type += strspn(type, " \t");
	if (ncase_cmp(type, want, n) != 0)
		return 0;
	type += n;
	type += strspn(type, " \t");
	return *type == '\0' || *type == ';';
}
