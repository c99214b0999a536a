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

func TestListModelsKeepsServerOrder(t *testing.T) {
	api := newFakeAPI(t, vendortest.JSONFile(t, http.StatusOK, "models_list.json"))
	ids, err := ListModels(context.Background(), api.base(), "sk-list", nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"gpt-5", "gpt-4o-mini", "o3", "ft:gpt-4o-mini-2024-07-18:acme::AbC123"}, ids)

	r := api.Requests()[0]
	assert.Equal(t, http.MethodGet, r.Method)
	assert.Equal(t, "/v1/models", r.Path)
	assert.Equal(t, "Bearer sk-list", r.Header.Get("Authorization"))
}

func TestListModelsWithoutKeySendsNoAuthorization(t *testing.T) {
	api := newFakeAPI(t, vendortest.Raw(http.StatusOK, "application/json", `{"object":"list","data":[{"id":"llama3.2:3b","object":"model","created":1730000000,"owned_by":"library"}]}`))
	ids, err := ListModels(context.Background(), api.base(), "", api.Client())
	require.NoError(t, err)
	assert.Equal(t, []string{"llama3.2:3b"}, ids)
	assert.Empty(t, api.Requests()[0].Header.Get("Authorization"))
}

func TestListModelsErrorsAreClassified(t *testing.T) {
	api := newFakeAPI(t, vendortest.JSONFile(t, http.StatusUnauthorized, "error_unauthorized.json"))
	_, err := ListModels(context.Background(), api.base(), "sk-bad", nil)
	assert.Equal(t, provider.ClassInvalidRequest, provider.ClassOf(err))
	assert.ErrorContains(t, err, "list models: invalid_request_error/invalid_api_key: Incorrect API key provided")
}
