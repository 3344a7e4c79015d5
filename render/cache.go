package render

import (
	"container/list"
	"sync"
)

// lru is a cache safe for concurrent use, bounded by a budget (bytes, or entries when every cost
// is 1): the least recently used entries leave first. A missing value is built outside the lock,
// so two goroutines may both build it; both results are equal and the second is kept.
type lru[K comparable, V any] struct {
	mu     sync.Mutex
	budget int
	used   int
	cost   func(V) int
	order  *list.List // front = most recently used
	items  map[K]*list.Element
}

type lruEntry[K comparable, V any] struct {
	key  K
	val  V
	cost int
}

func newLRU[K comparable, V any](budget int, cost func(V) int) *lru[K, V] {
	return &lru[K, V]{budget: budget, cost: cost, order: list.New(), items: map[K]*list.Element{}}
}

// get returns the value for k, building and storing it with build when it is missing.
func (c *lru[K, V]) get(k K, build func() V) V {
	c.mu.Lock()
	if e, ok := c.items[k]; ok {
		c.order.MoveToFront(e)
		v := e.Value.(*lruEntry[K, V]).val
		c.mu.Unlock()
		return v
	}
	c.mu.Unlock()
	v := build()
	cost := c.cost(v)
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		old := e.Value.(*lruEntry[K, V])
		c.used += cost - old.cost
		old.val, old.cost = v, cost
		c.order.MoveToFront(e)
	} else {
		c.items[k] = c.order.PushFront(&lruEntry[K, V]{k, v, cost})
		c.used += cost
	}
	for c.used > c.budget && c.order.Len() > 1 {
		e := c.order.Back()
		old := e.Value.(*lruEntry[K, V])
		c.order.Remove(e)
		delete(c.items, old.key)
		c.used -= old.cost
	}
	return v
}
