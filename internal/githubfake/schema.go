package githubfake

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// schemaSDL is GitHub's public GraphQL schema (schema.docs.graphql, 2026-03-06), loaded as
// is: gqlparser v2.5.64 accepts it without preprocessing (the @preview and @possibleTypes
// directives it uses are declared in the file itself).
//
//go:embed schema/schema.docs.graphql
var schemaSDL string

var (
	schemaOnce sync.Once
	schemaVal  *ast.Schema
	schemaErr  error
)

// Schema returns GitHub's public GraphQL schema, parsed once per process. Every document
// the fake receives is validated against it.
func Schema() (*ast.Schema, error) {
	schemaOnce.Do(func() {
		schemaVal, schemaErr = gqlparser.LoadSchema(&ast.Source{Name: "schema.docs.graphql", Input: schemaSDL})
		if schemaErr != nil {
			schemaErr = fmt.Errorf("load GitHub GraphQL schema: %w", schemaErr)
		}
	})
	return schemaVal, schemaErr
}
