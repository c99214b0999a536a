package wiring

import (
	"context"
	"fmt"
	"net/http"

	"github.com/war-room/war-room/config"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/openai"
)

// buildOpenAI constructs an OpenAI-compatible client. With no model configured it asks the
// server's /models and takes the first model listed. That choice is not hidden: the model
// is the profile's, so it is printed in every dry run, panel table and ledger row.
func buildOpenAI(ctx context.Context, pc config.ProviderConfig, key string, hc *http.Client, local bool) (provider.Provider, string, error) {
	model := pc.Model
	if model == "" {
		models, err := openai.ListModels(ctx, pc.BaseURL, key, hc)
		if err != nil {
			return nil, "", fmt.Errorf("no model configured and listing the server's models failed (is the server running at %s? or set the profile's model, %s for a detected local server): %w",
				pc.BaseURL, config.EnvLocalModel, err)
		}
		if len(models) == 0 {
			return nil, "", fmt.Errorf("no model configured and the server at %s lists none: load a model there, or set the profile's model (%s for a detected local server)",
				pc.BaseURL, config.EnvLocalModel)
		}
		model = models[0]
	}
	return openai.New(openai.Config{APIKey: key, BaseURL: pc.BaseURL, Model: model,
		HTTPClient: hc, Timeout: pc.Timeout, PromptCacheKey: promptCacheKey(pc.BaseURL), LocalServer: local}), model, nil
}
