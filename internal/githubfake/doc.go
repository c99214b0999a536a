// Package githubfake is an in-memory GitHub (REST + GraphQL) on an httptest server, shared
// by every war-room test that talks to GitHub. It rejects what GitHub would reject: every
// GraphQL document is validated against GitHub's public schema (embedded from
// schema/schema.docs.graphql) and errors come back in GitHub's shape; REST bodies are
// checked against GitHub's limits and required fields. Faults are scriptable per call, and
// every call is logged.
//
// # Setup
//
//	f := githubfake.New(t)                    // closed by t.Cleanup; unused faults fail t
//	f.AddRepo("acme", "widgets", githubfake.RepoOptions{DiscussionsEnabled: true})
//	catID := f.AddDiscussionCategory("acme/widgets", "Decisions", "decisions", true)
//	labelID := f.AddLabel("acme/widgets", "war-room")
//	f.AddUser("war-room[bot]", "Bot")        // "User" or "Bot"
//	f.AddToken("ghs_x", "war-room[bot]")      // Authorization: Bearer|token ghs_x
//	f.SetPermission("acme/widgets", "alice", "write") // read|triage|write|maintain|admin
//	f.AddInstallation(42, "war-room[bot]")    // POST /app/installations/42/access_tokens
//	f.AddIssue("acme/widgets", 0, "title", "body", "alice")   // 0: next number
//	f.AddPull("acme/widgets", githubfake.PullSpec{...})   // Files derived from Diff if nil
//	f.MovePullHead("acme/widgets", n, newSHA, newDiff)   // newDiff "" keeps the diff; adds a commit
//	                                                     // (each head keeps its diff, for review anchors)
//	f.PushPullCommits("acme/widgets", n, newDiff, githubfake.CommitSpec{Message: "…"}) // last is the head
//	f.PutFile("acme/widgets", "main", ".github/war-room.yml", "...")
//	f.AddDiscussion(repo, githubfake.DiscussionSpec{...}); f.AddDiscussionComment(id, author, body, replyTo)
//	f.SetClock(func() time.Time {...})         // timestamps, token expiry, mutation spacing
//
// Point clients at it: REST at f.URL() (also served under /api/v3, so go-github works with
// BaseURL = f.URL()+"/" or WithEnterpriseURLs(f.URL(), f.URL())); GraphQL at
// f.GraphQLURL() (also /api/graphql). For a subprocess set GITHUB_API_URL=f.URL() and
// GITHUB_GRAPHQL_URL=f.GraphQLURL(). f.Client(token) is an *http.Client that authenticates.
//
// # GraphQL
//
// Documents are parsed and validated with gqlparser, variables are coerced as GitHub does
// (stricter than gqlparser: "5" is not an Int) and then checked with
// validator.VariableValues. Invalid → HTTP 200, no "data", errors like
//
//	{"path":["query Q","repository","nmae"],"extensions":{"code":"undefinedField",
//	 "typeName":"Repository","fieldName":"nmae"},"locations":[{"line":1,"column":40}],
//	 "message":"Field 'nmae' doesn't exist on type 'Repository'"}
//
// Execution covers Query.repository (id, name, nameWithOwner, owner, url,
// hasDiscussionsEnabled, discussionCategories, discussionCategory(slug), labels(query),
// label(name), discussions(categoryId, answered, orderBy), discussion(number),
// issue/pullRequest(number)), viewer (refused for bot tokens, like GitHub), node, nodes,
// search(type: DISCUSSION) with repo:, user:/org:, category:, label:, author:, in:title,
// in:body, in:comments, is:answered/unanswered and keywords/"phrases" (case-insensitive,
// whole words, AND), rateLimit, and the mutations createDiscussion, updateDiscussion,
// addDiscussionComment (replyToId), updateDiscussionComment, markDiscussionCommentAsAnswer
// (answerable categories only), unmarkDiscussionCommentAsAnswer, addLabelsToLabelable,
// addReaction. Aliases, fragments, @skip/@include and null propagation work. Connections
// need first or last (≤100), like GitHub (MISSING_PAGINATION_BOUNDARIES,
// EXCESSIVE_PAGINATION). Fields the fake does not model answer null (or a zero scalar if
// non-null) and are listed in the test log at cleanup. GraphQL reports a bot's login
// without "[bot]", as GitHub does; REST with it.
//
// Limits: titles over 256 and bodies over 65,536 characters are refused (GraphQL
// UNPROCESSABLE; REST 422 "Body is too long (maximum is 65536 characters)"); blank
// discussion titles and bodies are refused; createDiscussion fails when Discussions are
// disabled. Node IDs are opaque ("D_kwDO…"); issues, pull requests and discussions share
// one number sequence per repository.
//
// # REST
//
// GET /repos/{o}/{r}; POST /repos/{o}/{r}/issues; GET /repos/{o}/{r}/issues (newest first,
// ?state, ?labels, paged; pull requests included as on GitHub); GET .../issues/{n}; POST, GET (paged,
// Link header) .../issues/{n}/comments; GET, PATCH, DELETE .../issues/comments/{id};
// POST (201 new, 200 existing), GET .../issues/comments/{id}/reactions and
// .../issues/{n}/reactions; GET .../pulls/{n} (JSON, or the diff for
// Accept: application/vnd.github.diff); GET .../pulls/{n}/files; GET .../pulls/{n}/commits
// (paged, oldest first, at most 250 as on GitHub; see PullSpec.Commits); POST .../check-runs
// (App tokens only), PATCH, GET .../check-runs/{id} (output.annotations: at most 50 per
// request, required fields and levels checked, each update appends), GET
// .../check-runs/{id}/annotations; GET .../commits/{ref}/check-runs;
// POST .../pulls/{n}/reviews (APPROVE, REQUEST_CHANGES, COMMENT or pending; the comments are
// anchored by line/side, start_line/start_side or position in the diff the pull request had
// at commit_id, and one that does not fit refuses the whole review with GitHub's 422:
// "Path could not be resolved", "Line could not be resolved", or a range spanning hunks),
// GET .../pulls/{n}/reviews and GET .../pulls/{n}/comments (paged; pending reviews only to
// their author; comments are not re-anchored after a push);
// GET .../collaborators/{u}/permission; GET .../contents/{path}?ref= (base64, or raw);
// GET .../git/trees/{sha}[?recursive=1] (a commit, branch or tree SHA; git's own tree and blob
// SHAs; truncated above RepoOptions.TreeLimit) and GET .../git/blobs/{sha} (base64), from the
// snapshots PushCommit keeps (these two are not in the shared REST subset, so their shapes are
// not schema-checked);
// POST .../issues/{n}/labels; DELETE .../issues/comments/{id}/reactions/{reaction_id};
// GET /rate_limit; GET /user (the token's user; an App installation token, a bot's, gets
// 403 "Resource not accessible by integration", as on GitHub); and, with a well-formed App
// JWT, POST
// /app/installations/{id}/access_tokens and GET /repos/{o}/{r}/installation. Response
// shapes are checked against GitHub's REST description in the tests. Permissions: an
// explicit SetPermission, else admin for the owner, write for a bot, read on a public repo,
// none on a private one (invisible: 404 / NOT_FOUND). Check runs need a bot (App) token.
//
// Every response carries X-GitHub-Request-Id and x-ratelimit-limit/remaining/used/reset/
// resource. An X-GitHub-Api-Version other than 2022-11-28 or 2026-03-10 gets 400. Unknown
// or missing tokens get 401; expired installation tokens too.
//
// # Faults and inspection
//
//	f.Inject(githubfake.Fault{Match: "createDiscussion", Kind: githubfake.ServerError, Status: 502, Applied: true})
//	f.Inject(githubfake.Fault{Match: "POST /repos/{owner}/{repo}/issues/{n}/comments", Nth: 2, Kind: githubfake.SecondaryRateLimit, RetryAfter: time.Second})
//	f.SetSearchLag(2)                            // new discussions hidden from the next 2 searches
//	f.AfterCall("GET /repos/{owner}/{repo}/commits/{ref}", push) // push runs before that answer is sent
//	f.SetMutationSpacing(time.Second, true)      // too-close mutations: counted, and 403 if true
//	f.SpacingViolations()
//	f.Calls(), f.CallsTo("createDiscussion")     // call log; Call.Is(match) for filters
//	f.Discussions(repo), f.Comments(discussionID), f.Issues(repo), f.IssueComments(repo, n),
//	f.Reactions(subjectNodeID), f.CheckRuns(repo), f.Reviews(repo, n), f.ReviewComments(repo, n)
//
// Fault kinds: ServerError (Status 502/504; Applied: the write happens first),
// SecondaryRateLimit (403, or Status 429; RetryAfter sets Retry-After, else
// x-ratelimit-remaining: 0 + reset — go-github then reports a RateLimitError),
// PrimaryRateLimit, GraphQLError (HTTP 200, data null for the root fields, Type/Message;
// Applied optional), Slow (Delay; Applied answers normally after the wait, otherwise 502),
// ErrorBody (HTTP 200 carrying an error instead of the resource; Applied optional) and Hang
// (no answer until the client gives up; OnHold lets a test move an injected clock past the
// client's timeout, so no real time passes; Applied optional). Nth counts matching calls
// from Inject; Times repeats. Note that a bare go-github client refuses to send further
// requests until a secondary limit's Retry-After has passed (internal/github does not).
//
// Messages the fake invents where GitHub's exact wording is unknown (Discussions disabled,
// a non-answerable category, replying to a reply, FORBIDDEN on another's comment, the 400
// for an unsupported API version) are marked in the code; assert on types and status
// codes rather than on those strings.
package githubfake
