package openai

import (
	"context"
	"net/http"
	"time"

	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/pagination"

	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

// ListModels returns the ids from GET {baseURL}/models in the order the server lists them,
// for configuration checks and for picking a local server's model. An empty apiKey sends no
// Authorization header; an empty baseURL means OpenAI's endpoint. Errors are *provider.Error
// values classified as for Complete. The SDK's default retries apply.
func ListModels(ctx context.Context, baseURL, apiKey string, hc *http.Client) ([]string, error) {
	models := sdk.NewModelService(requestOptions(baseURL, apiKey, hc)...)
	page, _, err := httpvendor.Call(time.Now, words("list models"),
		func(raw **http.Response) (*pagination.Page[sdk.Model], error) {
			return models.List(ctx, option.WithResponseInto(raw))
		})
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(page.Data))
	for _, m := range page.Data {
		ids = append(ids, m.ID)
	}
	return ids, nil
}
