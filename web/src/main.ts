document.getElementById('app')!.textContent = 'Dutch';
