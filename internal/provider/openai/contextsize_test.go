package openai

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// routes answers by path from testdata files and 404s everything else, as a server that
// speaks only its own API does.
func routes(t *testing.T, files map[string]string) vendortest.Reply {
	t.Helper()
	bodies := map[string]string{}
	for path, name := range files {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		require.NoError(t, err)
		bodies[path] = string(b)
	}
	return func(w http.ResponseWriter, r *http.Request) {
		body, ok := bodies[r.Method+" "+r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}
}

func TestContextSizeFromTheServer(t *testing.T) {
	cases := []struct {
		name, model string
		files       map[string]string
		want        int
		source      string
	}{
		{"ollama, model loaded", "qwen2.5-coder:7b", map[string]string{"GET /api/ps": "ollama_ps.json"}, 4096, "/api/ps"},
		{"ollama, num_ctx set", "qwen2.5-coder:7b", map[string]string{"GET /api/ps": "ollama_ps.json", "POST /api/show": "ollama_show.json"}, 4096, "/api/ps"},
		{"ollama, not loaded, num_ctx set", "qwen2.5:7b", map[string]string{"POST /api/show": "ollama_show.json"}, 16384, "num_ctx"},
		{"vllm", "Qwen/Qwen2.5-32B-Instruct", map[string]string{"GET /v1/models": "vllm_models.json"}, 32768, "max_model_len"},
		{"nothing said", "m", map[string]string{}, 0, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t, routes(t, tc.files))
			n, src := ContextSize(context.Background(), api.base(), "", tc.model, nil)
			assert.Equal(t, tc.want, n)
			assert.Contains(t, src, tc.source)
		})
	}
}

func TestContextSizeIgnoresTheModelsTrainedMaximum(t *testing.T) {
	// /api/show reports the model's trained context (32768) beside its num_ctx; only num_ctx
	// is what the server runs it with, and without it the size is not reported at all.
	api := newFakeAPI(t, routes(t, map[string]string{"POST /api/show": "ollama_show.json"}))
	n, _ := ContextSize(context.Background(), api.base(), "", "qwen2.5:7b", nil)
	assert.Equal(t, 16384, n)
}
