// Package github is the one door war-room uses to GitHub, REST and GraphQL alike. Every
// request of the bot, the Discussions publisher and the review lanes goes through its
// Transport, which
//
//   - spaces writes: at least Options.Spacing between two writes under one Options.Key (an
//     installation or a token), across every client and worker of the process (a
//     process-wide registry), and across replicas when a shared Limiter is set
//     (StoreLimiter keeps a "next write not before" time in the shared database);
//   - retries what GitHub asks to be retried — 5xx, 429 and secondary rate limits —
//     waiting Retry-After, else x-ratelimit-reset, else a doubling back-off from a minute,
//     on an injected clock, bounded by Options.MaxAttempts; a write whose outcome is unknown
//     (a 5xx, a timeout, a 2xx without the resource) is retried only when repeating it is
//     harmless (Idempotent), else handed back to the caller, who looks for it before writing
//     it again (Ensure);
//   - never refuses a request before sending it: it hides the rate-limit headers from the
//     clients above it, so go-github keeps no memory of a limit to refuse later requests
//     with;
//   - takes an answer as a success only when its body says so: a REST 2xx whose body is
//     empty, unreadable or GitHub's error shape where a resource was asked for, and any
//     GraphQL errors array, are failures (*APIError).
//
// Ensure is "found again before create": list what exists, trust a marker only on our own
// account's writes (Author.Is: GraphQL spells a bot's login without "[bot]", REST with it),
// and create only what is missing. Hidden markers are HTML comments on a body's first line,
// <!-- war-room:… --> (FirstLineMarker).
package github
