package anthropic

import (
	"context"
	"net/http"
	"net/url"

	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

var _ provider.Checker = (*Client)(nil)

// checkWords put a failed model check into words as a failed message is.
var checkWords = func() httpvendor.Words { w := words; w.Transport = "anthropic: models"; return w }()

// Check asks the Models API for the configured model (GET /v1/models/{id}): the key is
// accepted, the endpoint answers and the model exists, and no model is asked anything. A
// model the API does not know is a 404, classified as an invalid request.
func (c *Client) Check(ctx context.Context) error {
	if c.model == "" {
		return nil // a request names its model: nothing to check up front
	}
	_, _, err := httpvendor.Call(c.now, checkWords, func(raw **http.Response) ([]byte, error) {
		var got []byte
		err := c.api.Get(ctx, "v1/models/"+url.PathEscape(c.model), nil, &got, option.WithResponseInto(raw))
		return got, err
	})
	return err
}
