package config

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/provider/openai"
)

// maxModelsShown bounds the list of served models quoted in an error.
const maxModelsShown = 10

// buildOpenAI constructs an OpenAI-compatible client. With no model configured it asks the
// server's /models and uses the one model served; a server offering several is an error
// listing them, since picking one silently would decide a panel's make-up behind its back.
func buildOpenAI(ctx context.Context, pc ProviderConfig, key string, hc *http.Client) (provider.Provider, string, error) {
	model := pc.Model
	if model == "" {
		models, err := openai.ListModels(ctx, pc.BaseURL, key, hc)
		if err != nil {
			return nil, "", fmt.Errorf("no model configured and listing the server's models failed (is the server running at %s? or set the profile's model, %s for a detected local server): %w",
				pc.BaseURL, EnvLocalModel, err)
		}
		switch len(models) {
		case 0:
			return nil, "", fmt.Errorf("no model configured and the server at %s lists none: load a model there, or set the profile's model (%s for a detected local server)",
				pc.BaseURL, EnvLocalModel)
		case 1:
			model = models[0]
		default:
			shown := models[:min(len(models), maxModelsShown)]
			more := ""
			if len(models) > len(shown) {
				more = ", …"
			}
			return nil, "", fmt.Errorf("no model configured and the server at %s offers %d (%s%s): set the profile's model (%s for a detected local server)",
				pc.BaseURL, len(models), strings.Join(shown, ", "), more, EnvLocalModel)
		}
	}
	return openai.New(openai.Config{APIKey: key, BaseURL: pc.BaseURL, Model: model,
		HTTPClient: hc, Timeout: pc.Timeout}), model, nil
}
