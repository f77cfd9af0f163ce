// Package mwapi is a client for the MediaWiki Action API (api.php): the
// read-only queries wikirules needs to keep a copy of a wiki's pages, with
// the manners a public wiki expects of a bot.
//
//   - One request at a time, at most Rate per second, with a descriptive
//     User-Agent (MediaWiki's API etiquette asks for both).
//   - maxlag on every request: when the wiki's database replicas lag, the
//     wiki says so and the client waits instead of adding load.
//   - Retries with exponential backoff on HTTP 429 and 5xx, on the API's
//     maxlag, ratelimited and readonly errors, and on network errors and
//     truncated bodies, honouring Retry-After; anything else (a 404, a
//     page of HTML where JSON was expected, an API error) is returned at
//     once as an error naming the URL and what was expected.
//   - gzip: net/http asks for it and decompresses transparently.
//   - formatversion=2 JSON, and continuation ("continue") followed until
//     the result is complete.
//
// Query runs any query with continuation; Revisions, Pages and SiteInfo
// are the typed queries package pull uses.
package mwapi
