document.getElementById('console')!.textContent = 'Loading…';
