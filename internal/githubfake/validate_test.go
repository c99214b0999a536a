package githubfake_test

import (
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"testing"
)

// Each invalid document must come back as GitHub sends it: HTTP 200, no "data" key, and an
// errors entry with GitHub's code, message, path and location.
func TestInvalidDocumentsAreRejectedInGitHubsShape(t *testing.T) {
	w := newWorld(t)
	cases := []struct {
		name, query string
		vars        map[string]any
		want        map[string]any
	}{{
		name:  "misspelled field",
		query: "query Repo {\n  repository(owner: \"acme\", name: \"widgets\") {\n    nmae\n  }\n}",
		want: map[string]any{
			"path":       []any{"query Repo", "repository", "nmae"},
			"extensions": map[string]any{"code": "undefinedField", "typeName": "Repository", "fieldName": "nmae"},
			"locations":  []any{map[string]any{"line": 3.0, "column": 5.0}},
			"message":    "Field 'nmae' doesn't exist on type 'Repository'",
		},
	}, {
		name:  "missing required argument",
		query: `{ repository(owner: "acme") { id } }`,
		want: map[string]any{
			"path":       []any{"query", "repository"},
			"extensions": map[string]any{"code": "missingRequiredArguments", "className": "Field", "name": "repository", "arguments": "name"},
			"locations":  []any{map[string]any{"line": 1.0, "column": 3.0}},
			"message":    "Field 'repository' is missing required arguments: name",
		},
	}, {
		name:  "variable declared with the wrong type",
		query: `query Q($n: String!) { repository(owner: "acme", name: "widgets") { discussion(number: $n) { id } } }`,
		vars:  map[string]any{"n": "1"},
		want: map[string]any{
			"path": []any{"query Q", "repository", "discussion", "number"},
			"extensions": map[string]any{"code": "variableMismatch", "variableName": "n", "typeName": "String!",
				"argumentName": "number", "errorMessage": "Type mismatch"},
			"locations": []any{map[string]any{"line": 1.0, "column": 88.0}},
			"message":   "Type mismatch on variable $n and argument number (String! / Int!)",
		},
	}, {
		name:  "variable value of the wrong type",
		query: `query Q($n: Int!) { repository(owner: "acme", name: "widgets") { discussion(number: $n) { id } } }`,
		vars:  map[string]any{"n": "5"},
		want: map[string]any{
			"extensions": map[string]any{"value": "5", "problems": []any{map[string]any{"path": []any{}, "explanation": `Could not coerce value "5" to Int`}}},
			"locations":  []any{map[string]any{"line": 1.0, "column": 9.0}},
			"message":    "Variable $n of type Int! was provided invalid value",
		},
	}, {
		name:  "input object variable missing a field",
		query: `mutation M($in: CreateDiscussionInput!) { createDiscussion(input: $in) { discussion { id } } }`,
		vars:  map[string]any{"in": map[string]any{"repositoryId": "R_1", "categoryId": "DIC_1", "title": "t"}},
		want: map[string]any{
			"extensions": map[string]any{"value": map[string]any{"repositoryId": "R_1", "categoryId": "DIC_1", "title": "t"},
				"problems": []any{map[string]any{"path": []any{"body"}, "explanation": "Expected value to not be null"}}},
			"locations": []any{map[string]any{"line": 1.0, "column": 12.0}},
			"message":   "Variable $in of type CreateDiscussionInput! was provided invalid value for body",
		},
	}, {
		name:  "required variable not sent",
		query: `query Q($n: Int!) { repository(owner: "acme", name: "widgets") { discussion(number: $n) { id } } }`,
		want: map[string]any{
			"extensions": map[string]any{"value": nil, "problems": []any{map[string]any{"path": []any{}, "explanation": "Expected value to not be null"}}},
			"locations":  []any{map[string]any{"line": 1.0, "column": 9.0}},
			"message":    "Variable $n of type Int! was provided invalid value",
		},
	}, {
		name:  "unknown argument",
		query: `{ repository(owner: "acme", name: "widgets", id: 1) { id } }`,
		want: map[string]any{
			"path":       []any{"query", "repository", "id"},
			"extensions": map[string]any{"code": "argumentNotAccepted", "name": "repository", "typeName": "Field", "argumentName": "id"},
			"locations":  []any{map[string]any{"line": 1.0, "column": 3.0}},
			"message":    "Field 'repository' doesn't accept argument 'id'",
		},
	}, {
		name:  "object field without a selection",
		query: `{ repository(owner: "acme", name: "widgets") }`,
		want: map[string]any{
			"path":       []any{"query", "repository"},
			"extensions": map[string]any{"code": "selectionMismatch", "nodeName": "field 'repository'", "typeName": "Repository"},
			"locations":  []any{map[string]any{"line": 1.0, "column": 3.0}},
			"message":    "Field must have selections (field 'repository' returns Repository but has no selections. Did you mean 'repository { ... }'?)",
		},
	}, {
		name:  "unused variable",
		query: `query Q($x: String) { viewer { login } }`,
		want: map[string]any{
			"path":       []any{"query Q"},
			"extensions": map[string]any{"code": "variableNotUsed", "variableName": "x"},
			"locations":  []any{map[string]any{"line": 1.0, "column": 9.0}},
			"message":    "Variable $x is declared by Q but not used",
		},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := postGQL(t, w.Fake, userTok, tc.query, tc.vars)
			if res.Status != 200 {
				t.Fatalf("status %d, want 200", res.Status)
			}
			if _, has := res.Raw["data"]; has {
				t.Errorf("invalid document answered with a data key: %s", res.Raw["data"])
			}
			if len(res.Errors) != 1 {
				t.Fatalf("want exactly one error, got %v", res.Errors)
			}
			if !reflect.DeepEqual(res.Errors[0], tc.want) {
				got, _ := json.MarshalIndent(res.Errors[0], "", " ")
				want, _ := json.MarshalIndent(tc.want, "", " ")
				t.Errorf("error\n got %s\nwant %s", got, want)
			}
		})
	}
}

func TestMissingArgumentsAreListedTogether(t *testing.T) {
	w := newWorld(t)
	res := postGQL(t, w.Fake, userTok, `{ repository { id } }`, nil)
	if len(res.Errors) != 1 || res.Errors[0]["message"] != "Field 'repository' is missing required arguments: name, owner" {
		t.Fatalf("errors = %v", res.Errors)
	}
}

func TestParseErrorAndEmptyQuery(t *testing.T) {
	w := newWorld(t)
	res := postGQL(t, w.Fake, userTok, `{ repository(owner: "a", name: "b") { id }`, nil)
	if res.Status != 200 || len(res.Errors) != 1 || res.Raw["data"] != nil {
		t.Fatalf("parse error answer = %d %v", res.Status, res.Raw)
	}
	if loc := dig(res.Errors[0], "locations", 0); loc == nil {
		t.Errorf("parse error has no location: %v", res.Errors[0])
	}
	res = postGQL(t, w.Fake, userTok, "", nil)
	if len(res.Errors) != 1 || res.Errors[0]["message"] != "A query attribute must be specified and must be a string." {
		t.Errorf("empty query answer = %v", res.Errors)
	}
}

// The reference operations (checked against the schema by the researcher) must all pass
// validation and execute without errors against a populated fake.
func TestReferenceOperationsValidate(t *testing.T) {
	w := newWorld(t)
	src, err := os.ReadFile("testdata/graphql-operations.graphql")
	if err != nil {
		t.Fatal(err)
	}
	ops := regexp.MustCompile(`(?m)^(query|mutation) (\w+)`).FindAllStringSubmatch(string(src), -1)
	if len(ops) < 10 {
		t.Fatalf("found only %d operations", len(ops))
	}
	for _, op := range ops {
		body, _ := json.Marshal(map[string]any{"query": string(src), "operationName": op[2], "variables": map[string]any{}})
		resp, err := w.Client(userTok).Post(w.GraphQLURL(), "application/json", bytesReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var out struct{ Errors []map[string]any }
		_ = json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		for _, e := range out.Errors {
			// Missing variables are fine here; a validation code is not.
			if e["extensions"] != nil && dig(e, "extensions", "code") != nil {
				t.Errorf("%s: validation error %v", op[2], e)
			}
		}
	}
}
