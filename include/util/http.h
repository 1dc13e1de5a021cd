/*
 * util/http.h - what the project's HTTP servers (amaryllis's web page,
 * megami's BCDice-API server) check alike, as plain data: the per-client
 * rate table, the Host header against the server's names, a Content-Type.
 *
 * No I/O, no clock, no locking: the caller passes the time and serialises
 * the calls on one table.  Built as its own library, util_http, which only
 * the front ends link (util/httpd.h serves with it).
 */
#ifndef UT_HTTP_H
#define UT_HTTP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Addresses a server's rate table remembers, and its hash chains. */
#define UT_HTTP_RATE_ENTRIES 4096
#define UT_HTTP_RATE_CHAINS 4096

/** One client address of the rate table. */
typedef struct ut_http_rate_entry {
	char addr[48];     /**< the client address */
	double tokens;
	double stamp;      /**< seconds, monotonic */
	int next;          /**< the next entry of its hash chain, or -1 */
	int older, newer;  /**< the age list, or -1 */
} ut_http_rate_entry;

/**
 * Per-client token buckets in a bounded table (a bucket per address, found
 * through a seeded hash; when full, the address seen least recently is
 * forgotten).  Make it with ut_http_rate_init, free it with
 * ut_http_rate_free.
 */
typedef struct ut_http_rate {
	ut_http_rate_entry *e; /**< cap entries, the first `used` in use */
	int *heads;        /**< nbuckets chains, -1 for an empty one */
	unsigned cap, nbuckets, used;
	int oldest, newest;
	uint64_t seed;
} ut_http_rate;

/**
 * Make an empty table of cap addresses and nbuckets chains, its hash
 * seeded with seed (keep it secret: nobody outside should know the chains).
 * @return 0, or -1 out of memory or for a zero size (t is then empty)
 */
int ut_http_rate_init(ut_http_rate *t, unsigned cap, unsigned nbuckets,
                      uint64_t seed);

/** Free the table's memory (t may be zeroed or freed already). */
void ut_http_rate_free(ut_http_rate *t);

/**
 * One request of addr at `now` (seconds): its bucket holds up to
 * per_minute tokens and refills at per_minute a minute.
 * @return 1 when a token was there (the request may go on), 0 when the
 *         bucket is empty
 */
int ut_http_rate_take(ut_http_rate *t, const char *addr, double now,
                      double per_minute);

/**
 * Charge addr `tokens` more requests at `now` (work it made the server
 * do): its bucket refills as in ut_http_rate_take, then loses them, down
 * to a debt of at most per_minute; ut_http_rate_take refuses it until the
 * bucket holds a token again.
 */
void ut_http_rate_charge(ut_http_rate *t, const char *addr, double now,
                         double per_minute, double tokens);

/**
 * Whether addr owes requests at `now` (its bucket, refilled as in
 * ut_http_rate_take, below zero: charged more than it held).
 * @return 1 when it owes, else 0
 */
int ut_http_rate_owes(ut_http_rate *t, const char *addr, double now,
                      double per_minute);

/**
 * Whether a Host header names this server: the address `local` the
 * connection came in on ("" when unknown), localhost on a loopback
 * address (127.*), or one of the nhosts names of hosts.
 * @return 0 when it does, 421 when it names another, 400 when it is
 *         malformed (not NAME[:PORT] with NAME a DNS name, an IPv4 address
 *         or a bracketed IPv6 one)
 */
int ut_http_host_check(const char *const *hosts, size_t nhosts,
                       const char *local, const char *host);

/**
 * The request target `target` in origin form (RFC 9112 section 3.2): the
 * target itself when it is one ("/v2/version"); for the absolute form
 * ("http://host:port/v2/version", the scheme http or https in any case),
 * the path after its authority ("" when there is none: "/" then), with
 * the authority copied into auth[size] (cut to size - 1 bytes when
 * longer: the Host comparison then fails).  auth[0] is '\0' for any
 * other target.
 * @return the path to route by, a pointer into target
 */
const char *ut_http_target(const char *target, char *auth, size_t size);

/** @return 1 for a name a server may be called by (--public-host): a DNS
 *          name or an IPv4 address, no port; else 0 */
int ut_http_public_host_ok(const char *name);

/** @return 1 when the Content-Type value `type` is the media type `want`
 *          (ASCII case ignored), with or without parameters; 0 when not or
 *          when type is NULL */
int ut_http_media_type(const char *type, const char *want);

#ifdef __cplusplus
}
#endif

#endif
