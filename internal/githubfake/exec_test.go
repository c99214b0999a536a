package githubfake_test

import (
	"strings"
	"testing"

	"github.com/war-room/war-room/internal/githubfake"
)

func createDiscussion(t *testing.T, w world, token, category, title, body string) string {
	t.Helper()
	res := postGQL(t, w.Fake, token, `mutation($r: ID!, $c: ID!, $t: String!, $b: String!) {
		createDiscussion(input: {repositoryId: $r, categoryId: $c, title: $t, body: $b}) { discussion { id } } }`,
		map[string]any{"r": w.repoID, "c": category, "t": title, "b": body})
	if len(res.Errors) > 0 {
		t.Fatalf("createDiscussion: %v", res.Errors)
	}
	return dig(res.Data, "createDiscussion", "discussion", "id").(string)
}

func TestAliasesFragmentsAndTypename(t *testing.T) {
	w := newWorld(t)
	id := createDiscussion(t, w, botToken, w.ideasID, "T", "B")
	res := postGQL(t, w.Fake, userTok, `
		query Q($id: ID!, $skip: Boolean!) {
			first: node(id: $id) { __typename ...D }
			again: node(id: $id) { ... on Discussion { number author { __typename login } } }
			hidden: node(id: $id) @skip(if: $skip) { id }
		}
		fragment D on Discussion { title category { slug } }`, map[string]any{"id": id, "skip": true})
	if len(res.Errors) > 0 {
		t.Fatal(res.Errors)
	}
	if dig(res.Data, "first", "__typename") != "Discussion" || dig(res.Data, "first", "title") != "T" ||
		dig(res.Data, "first", "category", "slug") != "ideas" {
		t.Errorf("first = %v", res.Data["first"])
	}
	if dig(res.Data, "again", "number") != 1.0 || dig(res.Data, "again", "author", "__typename") != "Bot" {
		t.Errorf("again = %v", res.Data["again"])
	}
	if _, present := res.Data["hidden"]; present {
		t.Errorf("@skip(if: true) field present: %v", res.Data)
	}
}

func TestConnectionsPaginateLikeGitHub(t *testing.T) {
	w := newWorld(t)
	for _, title := range []string{"a", "b", "c"} {
		createDiscussion(t, w, botToken, w.ideasID, title, "x")
	}
	q := `query($after: String) { repository(owner: "acme", name: "widgets") {
		discussions(first: 2, after: $after, orderBy: {field: CREATED_AT, direction: ASC}) {
			nodes { title } pageInfo { hasNextPage endCursor } totalCount } } }`
	res := postGQL(t, w.Fake, userTok, q, nil)
	conn := dig(res.Data, "repository", "discussions")
	if dig(conn, "nodes", 0, "title") != "a" || dig(conn, "nodes", 1, "title") != "b" || dig(conn, "pageInfo", "hasNextPage") != true {
		t.Fatalf("page 1 = %v %v", conn, res.Errors)
	}
	res = postGQL(t, w.Fake, userTok, q, map[string]any{"after": dig(conn, "pageInfo", "endCursor")})
	conn = dig(res.Data, "repository", "discussions")
	if dig(conn, "nodes", 0, "title") != "c" || dig(conn, "pageInfo", "hasNextPage") != false || dig(conn, "totalCount") != 3.0 {
		t.Errorf("page 2 = %v", conn)
	}

	// Default order is UPDATED_AT DESC: commenting on "a" brings it first.
	a := w.Discussions(repoName)[0].ID
	w.AddDiscussionComment(a, "alice", "bump", "")
	res = postGQL(t, w.Fake, userTok, `{ repository(owner: "acme", name: "widgets") { discussions(first: 1) { nodes { title } } } }`, nil)
	if dig(res.Data, "repository", "discussions", "nodes", 0, "title") != "a" {
		t.Errorf("default order = %v", res.Data)
	}

	for query, wantType := range map[string]string{
		`{ repository(owner: "acme", name: "widgets") { discussions { totalCount } } }`:                        "MISSING_PAGINATION_BOUNDARIES",
		`{ repository(owner: "acme", name: "widgets") { discussions(first: 101) { totalCount } } }`:            "EXCESSIVE_PAGINATION",
		`{ repository(owner: "acme", name: "widgets") { discussions(first: 1, after: "zz") { totalCount } } }`: "INVALID_CURSOR_ARGUMENTS",
	} {
		res := postGQL(t, w.Fake, userTok, query, nil)
		if len(res.Errors) != 1 || res.Errors[0]["type"] != wantType {
			t.Errorf("%s: errors = %v", query, res.Errors)
			continue
		}
		// The connection is non-null, so the error nulls the nullable repository above it.
		if string(res.Raw["data"]) != `{"repository":null}` {
			t.Errorf("%s: data = %s", query, res.Raw["data"])
		}
		if p := dig(res.Errors[0], "path"); len(p.([]any)) != 2 {
			t.Errorf("path = %v", p)
		}
	}
}

func TestNotFoundAndPermissions(t *testing.T) {
	w := newWorld(t)
	res := postGQL(t, w.Fake, userTok, `{ a: repository(owner: "acme", name: "nope") { id } b: repository(owner: "acme", name: "widgets") { id } }`, nil)
	if string(res.Raw["data"]) == "" || dig(res.Data, "a") != nil || dig(res.Data, "b", "id") != w.repoID {
		t.Errorf("data = %s", res.Raw["data"])
	}
	if len(res.Errors) != 1 || res.Errors[0]["type"] != "NOT_FOUND" ||
		res.Errors[0]["message"] != "Could not resolve to a Repository with the name 'acme/nope'." {
		t.Errorf("errors = %v", res.Errors)
	}

	// GitHub refuses viewer to installation tokens; viewer is non-null, so data is null.
	res = postGQL(t, w.Fake, botToken, `{ viewer { login } }`, nil)
	if string(res.Raw["data"]) != "null" || len(res.Errors) != 1 || res.Errors[0]["type"] != "FORBIDDEN" {
		t.Errorf("bot viewer = %s %v", res.Raw["data"], res.Errors)
	}
	if res := postGQL(t, w.Fake, userTok, `{ viewer { login } }`, nil); dig(res.Data, "viewer", "login") != "alice" {
		t.Errorf("viewer = %v", res.Data)
	}
	if res := postGQL(t, w.Fake, "nope", `{ viewer { login } }`, nil); res.Status != 401 {
		t.Errorf("unknown token: status %d", res.Status)
	}

	// Editing someone else's comment needs write; a read-only user is refused.
	id := createDiscussion(t, w, botToken, w.ideasID, "T", "B")
	cid := w.AddDiscussionComment(id, "war-room[bot]", "mine", "")
	w.AddUser("mallory", "User")
	w.AddToken("ghp_m", "mallory")
	res = postGQL(t, w.Fake, "ghp_m", `mutation($c: ID!) { updateDiscussionComment(input: {commentId: $c, body: "x"}) { comment { id } } }`, map[string]any{"c": cid})
	if len(res.Errors) != 1 || res.Errors[0]["type"] != "FORBIDDEN" || w.Comments(id)[0].Body != "mine" {
		t.Errorf("foreign edit: %v", res.Errors)
	}
	res = postGQL(t, w.Fake, userTok, `query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": "D_nope"})
	if string(res.Raw["data"]) != `{"node":null}` || res.Errors[0]["message"] != "Could not resolve to a node with the global id of 'D_nope'" {
		t.Errorf("unknown node: %s %v", res.Raw["data"], res.Errors)
	}
}

func TestMutationLimitsAndRules(t *testing.T) {
	w := newWorld(t)
	mut := `mutation($r: ID!, $c: ID!, $t: String!, $b: String!) {
		createDiscussion(input: {repositoryId: $r, categoryId: $c, title: $t, body: $b}) { discussion { id } } }`
	vars := func(title, body string) map[string]any {
		return map[string]any{"r": w.repoID, "c": w.ideasID, "t": title, "b": body}
	}
	for name, tc := range map[string]struct {
		vars map[string]any
		msg  string
	}{
		"title 257":   {vars("ä"+strings.Repeat("t", 256), "b"), "Title is too long (maximum is 256 characters)"},
		"body 65537":  {vars("t", strings.Repeat("b", 65537)), "Body is too long (maximum is 65536 characters)"},
		"blank title": {vars("", "b"), "Title can't be blank"},
	} {
		res := postGQL(t, w.Fake, botToken, mut, tc.vars)
		if len(res.Errors) != 1 || res.Errors[0]["type"] != "UNPROCESSABLE" || res.Errors[0]["message"] != tc.msg ||
			string(res.Raw["data"]) != `{"createDiscussion":null}` {
			t.Errorf("%s: %s %v", name, res.Raw["data"], res.Errors)
		}
	}
	if res := postGQL(t, w.Fake, botToken, mut, vars(strings.Repeat("ü", 256), strings.Repeat("ü", 65536))); len(res.Errors) > 0 {
		t.Errorf("at the limits (in characters, not bytes): %v", res.Errors)
	}
	if n := len(w.Discussions(repoName)); n != 1 {
		t.Errorf("%d discussions stored, want only the valid one", n)
	}

	off := w.AddRepo("acme", "quiet", githubfake.RepoOptions{})
	offCat := w.AddDiscussionCategory("acme/quiet", "General", "general", false)
	res := postGQL(t, w.Fake, botToken, mut, map[string]any{"r": off, "c": offCat, "t": "t", "b": "b"})
	if len(res.Errors) != 1 || res.Errors[0]["type"] != "UNPROCESSABLE" {
		t.Errorf("discussions disabled: %v", res.Errors)
	}
}

func TestAnswersAndLabels(t *testing.T) {
	w := newWorld(t)
	mark := `mutation($id: ID!) { markDiscussionCommentAsAnswer(input: {id: $id}) { discussion { isAnswered answer { id } } } }`
	idea := createDiscussion(t, w, botToken, w.ideasID, "idea", "b")
	c1 := w.AddDiscussionComment(idea, "war-room[bot]", "answer?", "")
	if res := postGQL(t, w.Fake, botToken, mark, map[string]any{"id": c1}); len(res.Errors) != 1 || res.Errors[0]["type"] != "UNPROCESSABLE" {
		t.Errorf("answer in a non-answerable category: %v", res.Errors)
	}
	dec := createDiscussion(t, w, botToken, w.qaID, "decision", "b")
	c2 := w.AddDiscussionComment(dec, "war-room[bot]", "the answer", "")
	res := postGQL(t, w.Fake, botToken, mark, map[string]any{"id": c2})
	if len(res.Errors) > 0 || dig(res.Data, "markDiscussionCommentAsAnswer", "discussion", "answer", "id") != c2 ||
		dig(res.Data, "markDiscussionCommentAsAnswer", "discussion", "isAnswered") != true {
		t.Errorf("mark answer: %v %v", res.Data, res.Errors)
	}
	if got := w.Discussions(repoName)[1].AnswerID; got != c2 {
		t.Errorf("stored answer = %q", got)
	}

	res = postGQL(t, w.Fake, botToken, `mutation($d: ID!, $l: [ID!]!) { addLabelsToLabelable(input: {labelableId: $d, labelIds: $l}) {
		labelable { ... on Discussion { labels(first: 5) { nodes { name } } } } } }`, map[string]any{"d": dec, "l": []any{w.decisionLabel}})
	if dig(res.Data, "addLabelsToLabelable", "labelable", "labels", "nodes", 0, "name") != "war-room" {
		t.Errorf("labels: %v %v", res.Data, res.Errors)
	}
}

func TestRateLimitQuery(t *testing.T) {
	w := newWorld(t)
	res := postGQL(t, w.Fake, userTok, `{ rateLimit { limit cost remaining used resetAt } }`, nil)
	rl := res.Data["rateLimit"]
	if dig(rl, "limit") != 5000.0 || dig(rl, "cost") != 1.0 || dig(rl, "remaining").(float64)+dig(rl, "used").(float64) != 5000 {
		t.Errorf("rateLimit = %v %v", rl, res.Errors)
	}
}

// Fields the fake does not model answer null, or a zero value where the schema forbids
// null, instead of failing the query; they are listed in the test log.
func TestUnmodelledFieldsAnswerNullOrZero(t *testing.T) {
	w := newWorld(t)
	res := postGQL(t, w.Fake, userTok, `{ repository(owner: "acme", name: "widgets") { id description stargazerCount isArchived } }`, nil)
	r := res.Data["repository"]
	if len(res.Errors) > 0 || dig(r, "description") != nil || dig(r, "stargazerCount") != 0.0 || dig(r, "isArchived") != false {
		t.Errorf("answer = %v %v", r, res.Errors)
	}
}
