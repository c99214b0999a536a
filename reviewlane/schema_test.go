package reviewlane

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The published schemas and the ones the code checks against are the same bytes.
func TestPublishedSchemasMatchEmbedded(t *testing.T) {
	for _, name := range []string{requestSchema, resultSchema} {
		embedded, err := schemaJSON(name)
		require.NoError(t, err)
		published, err := os.ReadFile(filepath.Join("..", "docs", "schemas", name+".json"))
		require.NoError(t, err)
		assert.Equal(t, string(published), string(embedded), "docs/schemas/%s.json differs from reviewlane/schemas", name)
	}
}

func TestCheckerRefusesUnsupportedKeywords(t *testing.T) {
	_, err := compileSchema([]byte(`{"type":"object","properties":{"a":{"format":"email"}}}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"format"`)
}

func validResult() *Result {
	at := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	return &Result{Schema: resultSchema, Lane: "gpt", Subject: "o/r#1", HeadSHA: strings.Repeat("a", 40),
		RequestSHA256: strings.Repeat("b", 64), Status: StatusJudged, Disposition: Confirmed,
		NonceEchoed: strings.Repeat("c", 32), Reviewer: reviewerRecord{Profile: "gpt", Family: "openai", ContextID: "war-room:x"},
		AuthorContextID: "github:someone", ReadOnly: true,
		Evidence: &evidence{Dir: "/e", Transcript: "/e/t", Artifact: "/e/a"},
		Coverage: &Coverage{Complete: true, LimitBytes: 1, Reviewed: []coveredFile{}, Skipped: []coveredFile{}},
		Summary:  "ok", Calls: 1, StartedAt: at, FinishedAt: at}
}

// The schema itself forbids the documents that would blur transport and judgment.
func TestResultSchemaSeparatesTransportFromJudgment(t *testing.T) {
	_, err := validResult().Marshal()
	require.NoError(t, err)
	bad := map[string]func(r *Result){
		"transport with a disposition": func(r *Result) { r.Status, r.TransportClass = statusTransport, classTimeout },
		"transport without a class":    func(r *Result) { r.Status, r.Disposition, r.NonceEchoed = statusTransport, "", "" },
		"judged without a disposition": func(r *Result) { r.Disposition = "" },
		"judged without the nonce":     func(r *Result) { r.NonceEchoed = "" },
		"judged without evidence":      func(r *Result) { r.Evidence = nil },
		"stale with a call": func(r *Result) {
			r.Status, r.Disposition, r.NonceEchoed, r.StaleHeadSHA = statusStale, "", "", strings.Repeat("d", 40)
		},
		"blocked without a reason": func(r *Result) { r.Status, r.Disposition, r.NonceEchoed, r.Calls = statusBlocked, "", "", 0 },
		"a panel verdict":          func(r *Result) { r.Disposition = "HOLD" },
		"not read-only":            func(r *Result) { r.ReadOnly = false },
		"unknown class": func(r *Result) {
			r.Status, r.Disposition, r.NonceEchoed, r.TransportClass = statusTransport, "", "", "flaky"
		},
	}
	for name, mutate := range bad {
		r := validResult()
		mutate(r)
		_, err := r.Marshal()
		var se *schemaError
		assert.ErrorAs(t, err, &se, name)
	}
}

// schemaJSON returns the embedded JSON Schema of a document kind.
func schemaJSON(name string) ([]byte, error) {
	return schemaFiles.ReadFile("schemas/" + name + ".json")
}
