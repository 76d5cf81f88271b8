"""Lotus: two abstract games for the browser."""
