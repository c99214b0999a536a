package openai

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/openai/openai-go/v3/option"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

var _ provider.Checker = (*Client)(nil)

// Check asks the endpoint for the configured model (GET {base}/models/{id}): the key is
// accepted, the endpoint answers and the model exists, and no model is asked anything. A
// server that does not serve one model by id (some local servers list models only) is asked
// for its list instead, and the model must be in it. A server with neither endpoint cannot be
// checked this way, and passes: nothing is known to be wrong with it.
func (c *Client) Check(ctx context.Context) error {
	if c.model == "" {
		return nil
	}
	_, _, err := httpvendor.Call(c.now, words("model check"), func(raw **http.Response) ([]byte, error) {
		var got []byte
		err := c.api.Get(ctx, "models/"+url.PathEscape(c.model), nil, &got, option.WithResponseInto(raw))
		return got, err
	})
	if !notFound(err) {
		return err
	}
	ids, lerr := ListModels(ctx, c.base, c.key, c.hc)
	switch {
	case notFound(lerr) || statusOf(lerr) == http.StatusMethodNotAllowed:
		if modelMissing(err) {
			return err // the server said so itself
		}
		return nil // no model endpoint at all
	case lerr != nil:
		return lerr
	case slices.Contains(ids, c.model):
		return nil
	}
	return err
}

// notFound says err is the endpoint's 404.
func notFound(err error) bool { return statusOf(err) == http.StatusNotFound }

func statusOf(err error) int {
	var pe *provider.Error
	if errors.As(err, &pe) {
		return pe.Status
	}
	return 0
}

// modelMissing says a 404 names the model as unknown (OpenAI's code model_not_found, or a
// message saying the model does not exist), rather than a route the server lacks.
func modelMissing(err error) bool {
	s := strings.ToLower(fmt.Sprint(err))
	return notFound(err) && (strings.Contains(s, "model_not_found") || strings.Contains(s, "does not exist"))
}
