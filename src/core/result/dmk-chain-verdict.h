/* dmk-chain-verdict.h: which limit of the chain a result meets: a link running below what its
 * ends support, a number at a link's ceiling, a driver or layer known to cost. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "dmk-chain.h"
#include "dmk-result.h"

G_BEGIN_DECLS

/* A number at or above this share of the slowest link's ceiling is the link's, not the drive's:
 * protocol overhead keeps real transfers a few percent under the line rate. */
#define DMK_CHAIN_NEAR 0.90
/* Above this share the number is not the link's (a cache: dmk-plausible.h warns of it). */
#define DMK_CHAIN_ABOVE 1.05

/* The verdict's sentences (char*, translated), in the chain's order; empty when nothing in the
 * chain limits the result. result may be NULL (before any test: the links alone). */
GPtrArray *dmk_chain_verdict (const DmkChain *chain, const DmkResult *result);

/* The chain as the JSON has it: a "links" array and a "verdict" array of sentences (for result,
 * which may be NULL), members of the object b is in. */
void dmk_chain_write_json (JsonBuilder *b, const DmkChain *chain, const DmkResult *result);

G_END_DECLS
