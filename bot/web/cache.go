package web

import (
	"container/list"
	"sync"
)

// cache keeps recently used values up to a total size, dropping the least recently used first.
// It is safe for concurrent use.
type cache[V any] struct {
	mu    sync.Mutex
	max   int
	used  int
	size  func(V) int
	order *list.List // of *cacheItem[V], most recent first
	items map[string]*list.Element
}

type cacheItem[V any] struct {
	key string
	val V
	n   int
}

func newCache[V any](max int, size func(V) int) *cache[V] {
	return &cache[V]{max: max, size: size, order: list.New(), items: map[string]*list.Element{}}
}

func (c *cache[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		return el.Value.(*cacheItem[V]).val, true
	}
	var zero V
	return zero, false
}

func (c *cache[V]) put(key string, v V) {
	n := c.size(v)
	if n > c.max {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.used -= el.Value.(*cacheItem[V]).n
		c.order.Remove(el)
	}
	c.items[key] = c.order.PushFront(&cacheItem[V]{key: key, val: v, n: n})
	c.used += n
	for c.used > c.max {
		el := c.order.Back()
		it := el.Value.(*cacheItem[V])
		c.order.Remove(el)
		delete(c.items, it.key)
		c.used -= it.n
	}
}
