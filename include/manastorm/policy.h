/*
 * manastorm/policy.h - the built-in policies of the duel (D5, D7.7) and
 * their registry.  A policy is an ms_policy (manastorm/duel.h): a name and
 * a function from the duel's public view and the ask to a choice.  Code
 * adds its own through ms_duel_opts.policies (a table the caller owns; no
 * global registry):
 *
 *     static int always_pass(void *ud, const ms_duel *d, const ms_ask *ask,
 *                            ut_rng *rng, ms_choice *out)
 *     { out->kind = ask->kind == MS_ASK_GO_ON ? MS_CHOICE_GIVE_UP
 *                                             : MS_CHOICE_PASS; return 0; }
 *     static const ms_policy mine[] = {{"pass", always_pass, NULL}};
 *     opts.policies = mine; opts.npolicies = 1;   // policy: pass
 */
#ifndef MANASTORM_POLICY_H
#define MANASTORM_POLICY_H

#include <stddef.h>

#include "duel.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A built-in policy by name: "default" (D5), "greedy" (D7.7), "random";
 *  NULL when unknown (or name is NULL). */
const ms_policy *ms_policy_find(const char *name);

/** The built-in policies (n set to their number). */
const ms_policy *ms_policy_builtins(size_t *n);

#ifdef __cplusplus
}
#endif

#endif
