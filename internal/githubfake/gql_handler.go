package githubfake

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
)

type gqlRequest struct {
	Query         *string        `json:"query"`
	Variables     map[string]any `json:"variables"`
	OperationName string         `json:"operationName"`
}

type gqlResponse struct {
	Data   json.RawMessage `json:"data,omitempty"` // nil: no "data" key (validation errors)
	Errors []gqlError      `json:"errors,omitempty"`
}

// serveGraphQL answers POST /graphql: parse, validate against the schema, coerce variables,
// execute. Invalid documents get HTTP 200 with only "errors", as GitHub answers them.
func (f *Fake) serveGraphQL(w http.ResponseWriter, r *http.Request, body []byte, c *Call, actor *user) {
	if r.Method != http.MethodPost {
		restError(w, http.StatusNotFound, "Not Found", "https://docs.github.com/graphql")
		return
	}
	req, err := decodeGQLRequest(body)
	if err != nil {
		restError(w, http.StatusBadRequest, "Problems parsing JSON", "https://docs.github.com/graphql")
		return
	}
	if req.Query == nil || *req.Query == "" {
		f.writeGQL(w, c, gqlResponse{Errors: []gqlError{{Message: "A query attribute must be specified and must be a string."}}})
		return
	}
	op, vars, doc, errs := prepare(*req.Query, req.OperationName, req.Variables)
	if len(errs) > 0 {
		f.writeGQL(w, c, gqlResponse{Errors: errs})
		return
	}
	f.mu.Lock()
	x := f.newExec(doc, op, vars, actor)
	data := x.run()
	f.mu.Unlock()
	raw := json.RawMessage("null")
	if data != nil {
		if raw, err = json.Marshal(data); err != nil {
			raw = json.RawMessage("null")
		}
	}
	f.writeGQL(w, c, gqlResponse{Data: raw, Errors: x.errors})
}

func decodeGQLRequest(body []byte) (gqlRequest, error) {
	var req gqlRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	err := dec.Decode(&req)
	return req, err
}

func (f *Fake) writeGQL(w http.ResponseWriter, c *Call, resp gqlResponse) {
	for _, e := range resp.Errors {
		c.Errors = append(c.Errors, e.Message)
	}
	writeJSON(w, http.StatusOK, resp)
}

// prepare parses and validates a document, picks the operation and coerces its variables.
func prepare(query, opName string, rawVars map[string]any) (*ast.OperationDefinition, map[string]any, *ast.QueryDocument, []gqlError) {
	schema, _ := Schema()
	doc, perr := parser.ParseQuery(&ast.Source{Name: "query", Input: query})
	if perr != nil {
		return nil, nil, nil, []gqlError{parseError(perr)}
	}
	if errs := validate(schema, doc); len(errs) > 0 {
		return nil, nil, nil, errs
	}
	op, gerr := pickOperation(doc, opName)
	if gerr != nil {
		return nil, nil, nil, []gqlError{*gerr}
	}
	vars, verrs := coerceVariables(schema, op, rawVars)
	if len(verrs) > 0 {
		return nil, nil, nil, verrs
	}
	return op, vars, doc, nil
}

func parseError(err error) gqlError {
	var ge *gqlerror.Error
	if !errors.As(err, &ge) {
		return gqlError{Message: "Parse error: " + err.Error()}
	}
	out := gqlError{Message: "Parse error: " + ge.Message}
	for _, l := range ge.Locations {
		out.Locations = append(out.Locations, gqlLoc{Line: l.Line, Column: l.Column})
	}
	return out
}

func pickOperation(doc *ast.QueryDocument, name string) (*ast.OperationDefinition, *gqlError) {
	if name != "" {
		if op := doc.Operations.ForName(name); op != nil {
			return op, nil
		}
		return nil, &gqlError{Message: `No operation named "` + name + `"`}
	}
	if len(doc.Operations) != 1 {
		return nil, &gqlError{Message: "An operation name is required"}
	}
	return doc.Operations[0], nil
}

// describeGraphQL fills the call-log fields of a GraphQL request (operation, root fields,
// variables) without validating it, so faults can match even invalid documents.
func describeGraphQL(body []byte, c *Call) {
	req, err := decodeGQLRequest(body)
	if err != nil || req.Query == nil {
		return
	}
	c.Variables = req.Variables
	doc, perr := parser.ParseQuery(&ast.Source{Input: *req.Query})
	if perr != nil {
		return
	}
	op, gerr := pickOperation(doc, req.OperationName)
	if gerr != nil {
		return
	}
	c.Operation, c.OperationType = op.Name, string(op.Operation)
	c.Mutation = op.Operation == ast.Mutation
	for _, fl := range rootFields(doc, op.SelectionSet, map[string]bool{}, nil) {
		c.Fields, c.keys = append(c.Fields, fl.Name), append(c.keys, fl.Alias)
	}
}

func rootFields(doc *ast.QueryDocument, set ast.SelectionSet, seen map[string]bool, out []*ast.Field) []*ast.Field {
	for _, s := range set {
		switch s := s.(type) {
		case *ast.Field:
			out = append(out, s)
		case *ast.InlineFragment:
			out = rootFields(doc, s.SelectionSet, seen, out)
		case *ast.FragmentSpread:
			if fr := doc.Fragments.ForName(s.Name); fr != nil && !seen[s.Name] {
				seen[s.Name] = true
				out = rootFields(doc, fr.SelectionSet, seen, out)
			}
		}
	}
	return out
}
