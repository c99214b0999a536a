package reviewlane

import (
	"embed"
	"errors"
	"fmt"
	"strings"
	"sync"
)

// The schemas are published in docs/schemas/; these embedded copies are what the code checks
// against, and a test keeps the two byte-identical.
//
//go:embed schemas/review-request.v1.json schemas/review-lane-result.v1.json
var schemaFiles embed.FS

// Document kinds, also the value of each document's "schema" field.
const (
	requestSchema = "review-request.v1"
	resultSchema  = "review-lane-result.v1"
)

var (
	schemasOnce sync.Once
	schemas     map[string]*jsonSchema
	schemasErr  error
)

func loadSchemas() {
	schemas = map[string]*jsonSchema{}
	for _, name := range []string{requestSchema, resultSchema} {
		data, err := schemaFiles.ReadFile("schemas/" + name + ".json")
		if err == nil {
			schemas[name], err = compileSchema(data)
		}
		if err != nil {
			schemasErr = errors.Join(schemasErr, fmt.Errorf("schema %s: %w", name, err))
		}
	}
}

// schemaError lists every way a document breaks its schema.
type schemaError struct {
	Schema     string
	Violations []string
}

func (e *schemaError) Error() string {
	return fmt.Sprintf("document does not satisfy %s: %s", e.Schema, strings.Join(e.Violations, "; "))
}

// validateDoc checks a serialised document against the named schema.
func validateDoc(name string, doc []byte) error {
	schemasOnce.Do(loadSchemas)
	if schemasErr != nil {
		return schemasErr
	}
	if v := schemas[name].Validate(doc); len(v) > 0 {
		return &schemaError{Schema: name, Violations: v}
	}
	return nil
}
