package anthropic

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// The preflight asks the Models API for the configured model, with the key, and nothing else:
// a known model passes; an unknown one is the API's 404, a refused key its 401, each
// classified with its status so the engine can name what is wrong.
func TestCheckAsksTheModelsAPIForTheModel(t *testing.T) {
	api := newFakeAPI(t, vendortest.JSONFile(t, http.StatusOK, "model_retrieve.json"))
	require.NoError(t, api.client(Config{APIKey: "sk-ant-check", Model: "claude-opus-4-8"}).Check(context.Background()))
	r := api.Requests()[0]
	assert.Equal(t, http.MethodGet, r.Method)
	assert.Equal(t, "/v1/models/claude-opus-4-8", r.Path)
	assert.Equal(t, "sk-ant-check", r.Header.Get("x-api-key"))
	assert.Len(t, api.Requests(), 1, "one request, no model call")

	for _, c := range []struct {
		file   string
		status int
	}{{"error_not_found.json", http.StatusNotFound}, {"error_authentication.json", http.StatusUnauthorized}} {
		api := newFakeAPI(t, vendortest.JSONFile(t, c.status, c.file))
		err := api.client(Config{APIKey: "sk-ant-check", Model: "claude-opus-9"}).Check(context.Background())
		var pe *provider.Error
		require.ErrorAs(t, err, &pe, c.file)
		assert.Equal(t, c.status, pe.Status, c.file)
	}
}
