package openai

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// The preflight asks the endpoint for the configured model by id; a server that serves only
// the list is asked for it, and the model must be in it; a server with no model endpoint at
// all cannot be checked and passes; an unknown model (404 model_not_found) or a refused key
// (401) fails with its status.
func TestCheckAsksTheEndpointForTheModel(t *testing.T) {
	routeMissing := vendortest.Raw(http.StatusNotFound, "text/plain", "404 page not found")
	cases := []struct {
		name    string
		model   string
		replies []vendortest.Reply
		paths   []string
		status  int // 0: passes
	}{
		{"by id", "gpt-5", []vendortest.Reply{vendortest.JSONFile(t, http.StatusOK, "model_retrieve.json")},
			[]string{"/v1/models/gpt-5"}, 0},
		{"unknown model", "gpt-6-preview", []vendortest.Reply{vendortest.JSONFile(t, http.StatusNotFound, "error_model_not_found.json"),
			vendortest.JSONFile(t, http.StatusOK, "models_list.json")}, []string{"/v1/models/gpt-6-preview", "/v1/models"}, http.StatusNotFound},
		{"listed only", "o3", []vendortest.Reply{routeMissing, vendortest.JSONFile(t, http.StatusOK, "models_list.json")},
			[]string{"/v1/models/o3", "/v1/models"}, 0},
		{"not listed", "llama-9", []vendortest.Reply{routeMissing, vendortest.JSONFile(t, http.StatusOK, "models_list.json")},
			[]string{"/v1/models/llama-9", "/v1/models"}, http.StatusNotFound},
		{"no model endpoint", "llama-9", []vendortest.Reply{routeMissing, routeMissing},
			[]string{"/v1/models/llama-9", "/v1/models"}, 0},
		{"key refused", "gpt-5", []vendortest.Reply{vendortest.JSONFile(t, http.StatusUnauthorized, "error_unauthorized.json")},
			[]string{"/v1/models/gpt-5"}, http.StatusUnauthorized},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			api := newFakeAPI(t, c.replies...)
			err := api.client(Config{APIKey: "sk-check", Model: c.model}).Check(context.Background())
			var paths []string
			for _, r := range api.Requests() {
				assert.Equal(t, http.MethodGet, r.Method)
				paths = append(paths, r.Path)
			}
			assert.Equal(t, c.paths, paths)
			if c.status == 0 {
				assert.NoError(t, err)
				return
			}
			var pe *provider.Error
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, c.status, pe.Status)
		})
	}
}
